/**
 * The campaign's preview picture for links shared to chats and social sites: a 1200 x 630 PNG of its share
 * photo with the headline, made by the build and again by the server when the headline or photo changes. Its
 * address carries a short hash of what it shows, so sites that cache previews fetch the new one.
 */
import type { CampaignContent } from './schemas/campaign.ts';

export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

/** FNV-1a, 32 bits: a cache key, not a secret. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

export const SHARE_IMAGE_PATTERN = /^\/share\/([0-9a-f]{8})\.png$/;

/** The site path of the preview picture for this content, e.g. /share/1a2b3c4d.png. */
export function shareImagePath(content: CampaignContent): string {
  return `/share/${shortHash([content.headline, content.name, content.product.name, content.seo.image.src].join('\n'))}.png`;
}

/** What the preview shows, for og:image:alt and the structured data. */
export const shareImageAlt = (content: CampaignContent) => `${content.name}: ${content.headline}`;
