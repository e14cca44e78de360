/**
 * Structured data for search engines (JSON-LD), rendered into the campaign page's HTML by the server only:
 * browsers never need it, so it stays out of the client bundle.
 */
import type { CampaignContent } from '#shared/schemas/campaign.ts';
import { SHARE_IMAGE, shareImageAlt, shareImagePath } from '#shared/share-image.ts';

export function campaignJsonLd(c: CampaignContent, siteUrl: string): Record<string, unknown> {
  const url = `${siteUrl}/`;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'WebPage',
        '@id': url,
        url,
        name: c.seo.title,
        description: c.seo.description,
        about: { '@id': `${url}#campaign` },
        primaryImageOfPage: { '@id': `${url}#share-image` },
      },
      {
        // The same picture as og:image (src/shared/share-image.ts).
        '@type': 'ImageObject',
        '@id': `${url}#share-image`,
        url: `${siteUrl}${shareImagePath(c)}`,
        contentUrl: `${siteUrl}${shareImagePath(c)}`,
        width: SHARE_IMAGE.width,
        height: SHARE_IMAGE.height,
        encodingFormat: SHARE_IMAGE.type,
        caption: shareImageAlt(c),
      },
      {
        '@type': 'DonateAction',
        '@id': `${url}#campaign`,
        name: c.name,
        description: c.intro,
        recipient: { '@id': `${url}#patient` },
        agent: { '@id': `${url}#organiser` },
        target: `${siteUrl}/donate`,
        image: { '@id': `${url}#share-image` },
        price: c.goal.cents / 100,
        priceCurrency: c.goal.currency,
      },
      {
        '@type': 'Patient',
        '@id': `${url}#patient`,
        name: c.patient.name,
        description: c.patient.description,
        healthCondition: { '@type': 'MedicalCondition', name: 'Endometriosis' },
      },
      { '@type': 'Physician', '@id': `${url}#doctor`, name: c.surgeon.name, description: c.surgeon.title },
      { '@type': 'Person', '@id': `${url}#organiser`, name: c.organiser.name, description: c.organiser.description },
    ],
  };
}
