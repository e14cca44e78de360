/**
 * Structured data for search engines (JSON-LD), rendered into the pages' HTML by the server only:
 * browsers never need it, so it stays out of the client bundle.
 */
import type { CampaignContent } from '#shared/schemas/campaign.ts';
import type { PublicDoctor } from '#shared/schemas/doctors.ts';
import type { PublicFundraiser } from '#shared/schemas/public-fundraisers.ts';
import type { PublicStory } from '#shared/schemas/stories.ts';
import { SHARE_IMAGE, shareImageAlt, shareImagePath } from '#shared/share-image.ts';
import { excerpt } from '#shared/story-text.ts';

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
        ...(c.organiser.name ? { agent: { '@id': `${url}#organiser` } } : {}),
        target: `${siteUrl}/donate`,
        image: { '@id': `${url}#share-image` },
        price: c.goal.cents / 100,
        priceCurrency: c.goal.currency,
      },
      {
        '@type': 'Patient',
        '@id': `${url}#patient`,
        name: c.patient.name,
        ...(c.patient.description ? { description: c.patient.description } : {}),
        healthCondition: { '@type': 'MedicalCondition', name: 'Endometriosis' },
      },
      // A live site leaves out the seed's example people (src/shared/example-content.ts): their names are empty.
      ...(c.surgeon.name
        ? [{ '@type': 'Physician', '@id': `${url}#doctor`, name: c.surgeon.name, description: c.surgeon.title }]
        : []),
      ...(c.organiser.name
        ? [
            {
              '@type': 'Person',
              '@id': `${url}#organiser`,
              name: c.organiser.name,
              description: c.organiser.description,
            },
          ]
        : []),
    ],
  };
}

/** A public story: an article by its author (the public name only), under the site. */
export function storyJsonLd(story: PublicStory, c: CampaignContent, siteUrl: string): Record<string, unknown> {
  const url = `${siteUrl}/stories/${encodeURIComponent(story.id)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    '@id': url,
    url,
    headline: story.title,
    description: excerpt(story.preview ? story.excerpt : story.body, 155),
    datePublished: story.publishedAt,
    author: { '@type': 'Person', name: story.authorName },
    publisher: { '@type': 'Organization', name: c.product.name, url: `${siteUrl}/` },
    keywords: story.tags.join(', ') || undefined,
  };
}

/** A verified doctor of the directory: a person, her specialty and where she practises. */
export function doctorJsonLd(doctor: PublicDoctor, siteUrl: string): Record<string, unknown> {
  const url = `${siteUrl}/doctors/${encodeURIComponent(doctor.id)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': url,
    url,
    name: doctor.name,
    jobTitle: doctor.specialty,
    description: excerpt(doctor.bio, 155),
    knowsAbout: doctor.areasOfExpertise,
    ...(doctor.hospitalAffiliation ? { worksFor: { '@type': 'Hospital', name: doctor.hospitalAffiliation } } : {}),
  };
}

/** A patient's fundraiser: the appeal to give toward its goal, organised by the patient. */
export function fundraiserJsonLd(f: PublicFundraiser, siteUrl: string): Record<string, unknown> {
  const url = `${siteUrl}/fundraisers/${encodeURIComponent(f.slug)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'DonateAction',
    '@id': url,
    url,
    name: f.title,
    description: excerpt(f.story, 155),
    ...(f.images[0] ? { image: `${siteUrl}${f.images[0].url}` } : {}),
    agent: { '@type': 'Person', name: f.organiserName },
    ...(f.status === 'live' ? { target: `${url}/donate` } : { actionStatus: 'CompletedActionStatus' }),
    price: f.goalCents / 100,
    priceCurrency: f.currency,
  };
}
