/**
 * /sitemap.xml and /robots.txt for search engines: the prerendered public pages, the lists of the community's
 * records, and each listed story (not one shared only by its link), listed doctor and live fundraiser. One bounded
 * read, kept for seconds or until a write forgets the record pages.
 */
import type { FastifyPluginAsync } from 'fastify';
import { PRERENDERED_PAGES, SERVER_RENDERED_PATHS, UNLISTED_PAGES } from '#shared/routes.ts';
import { sitemapRecords } from '../../db/queries/public-fundraisers.ts';
import { cached } from '../../services/cache.ts';
import { quietRoute } from '../../logging.ts';

/** How long the sitemap is kept: as long as a rendered record page (decision 008). */
export const SITEMAP_MAX_AGE_MS = 10_000;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

interface SitemapUrl {
  path: string;
  lastModified?: Date | null;
}

function sitemapXml(origin: string, urls: SitemapUrl[]): string {
  const entries = urls.map(({ path, lastModified }) => {
    const at = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
    return `<url><loc>${escapeXml(origin + path)}</loc>${at}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

const sitemap: FastifyPluginAsync = async (app) => {
  const origin = app.config.publicUrl;
  // The lists rendered on request (/stories, /find-doctors, /fundraisers); their records are added below.
  const lists = SERVER_RENDERED_PATHS.filter((path) => !path.includes('/:'));
  const xml = cached(SITEMAP_MAX_AGE_MS, async () => {
    const records = await sitemapRecords(app.db);
    return sitemapXml(origin, [
      ...Object.keys(PRERENDERED_PAGES)
        .filter((path) => !UNLISTED_PAGES.includes(path))
        .map((path) => ({ path })),
      ...lists.map((path) => ({ path })),
      ...records.stories.map((s) => ({ path: `/stories/${s.id}`, lastModified: s.at })),
      ...records.doctors.map((d) => ({ path: `/doctors/${d.id}` })),
      ...records.fundraisers.map((f) => ({ path: `/fundraisers/${encodeURIComponent(f.slug)}`, lastModified: f.at })),
    ]);
  });

  // A write that changes what is listed (a story's audience, a hide) is in the sitemap at once, on every instance.
  app.sitePages.alsoForget(() => xml.invalidate());

  app.get('/sitemap.xml', quietRoute({}), async (_request, reply) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=10')
      .send(await xml.get()),
  );

  app.get('/robots.txt', quietRoute({}), async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`),
  );
};
export default sitemap;
