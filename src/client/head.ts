/** Head tags for a page: rendered into prerendered HTML and kept current on client navigation. */
import type { CampaignContent } from '#shared/schemas/campaign.ts';
import { SHARE_IMAGE, shareImageAlt, shareImagePath } from '#shared/share-image.ts';
import { PAGE_HEADS, type PageHead } from './page-heads.ts';
import type { SiteData } from './lib/campaign-context.tsx';
import { pageTitleOverride } from './lib/page-title.ts';
import { matchPage, type PageRoute } from './routes.tsx';

export interface ResolvedHead extends PageHead {
  canonical: string;
  /** Structured data for search engines (src/client/structured-data.ts). */
  jsonLd?: Record<string, unknown>;
  image: string;
  imageAlt: string;
}

export function resolveHead(
  route: PageRoute,
  pathname: string,
  content: CampaignContent,
  siteUrl: string,
): ResolvedHead {
  const head = PAGE_HEADS[route.path](content);
  return {
    ...head,
    canonical: `${siteUrl}${pathname}`,
    image: `${siteUrl}${shareImagePath(content)}`,
    imageAlt: shareImageAlt(content),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON safe to place inside a <script> element. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function headToHtml(head: ResolvedHead, options: { indexable: boolean }): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    head.keywords ? `<meta name="keywords" content="${escapeHtml(head.keywords.join(', '))}">` : '',
    options.indexable
      ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">`
      : '<meta name="robots" content="noindex">',
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}">`,
    `<meta property="og:image" content="${escapeHtml(head.image)}">`,
    `<meta property="og:image:type" content="${SHARE_IMAGE.type}">`,
    `<meta property="og:image:width" content="${SHARE_IMAGE.width}">`,
    `<meta property="og:image:height" content="${SHARE_IMAGE.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(head.imageAlt)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:image" content="${escapeHtml(head.image)}">`,
    `<meta name="twitter:image:alt" content="${escapeHtml(head.imageAlt)}">`,
    head.jsonLd ? `<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * Client-side navigation: keep title, description and canonical in step with the page at `pathname`. A page that
 * names itself after its record (a story) keeps its title.
 */
export function applyHead(pathname: string, site: SiteData): void {
  const head = resolveHead(matchPage(pathname), pathname, site.content, site.siteUrl);
  document.title = pageTitleOverride(pathname) ?? head.title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
  document.querySelector('link[rel="canonical"]')?.setAttribute('href', head.canonical);
}
