/**
 * The build's hashed scripts and styles (/assets/): never changed under their names, sent precompressed. They are
 * served here, outside the pages' context, so they carry the small security header set that app.ts gives JSON
 * answers (nosniff and friends), not helmet's page set: a content security policy or permissions policy governs
 * the document that carries it, and on each of the twenty-odd scripts of a page it weighed about 1.1 KB.
 */
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

export const ASSETS_PREFIX = '/assets/';

export default fp<{ distDir: string | false }>(
  async (app, { distDir }) => {
    if (!distDir || !app.sitePages.built) return;
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'assets'),
      prefix: ASSETS_PREFIX,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/prerender.ts).
      preCompressed: true,
      // Our setHeaders decides caching; without this the plugin overwrites it with max-age=0.
      cacheControl: false,
      // The client plugin's copy of fastify-static decorates the reply.
      decorateReply: false,
      setHeaders(res) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  },
  { name: 'assets', dependencies: ['site-pages'] },
);
