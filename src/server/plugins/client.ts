/**
 * Serves the built client: the public pages (site-pages), the app shell, the 404 page, and the other public files
 * (images, favicon). The hashed scripts and styles are plugins/assets.ts's.
 */
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_ONLY_PATHS, PRERENDERED_PAGES, SERVER_RENDERED_PATHS } from '#shared/routes.ts';
import { SHARE_IMAGE, SHARE_IMAGE_PATTERN, shareImagePath } from '#shared/share-image.ts';
import type { Page } from './site-pages.ts';
import { SITE_DATA_PATH_PATTERN } from '../services/site-pages.ts';
import { quietRoute } from '../logging.ts';
import { readSharePhoto, renderShareImage } from '../services/share-image.ts';

const HTML = { type: 'text/html; charset=utf-8', cache: 'no-cache' };

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page | undefined, status = 200, kind = HTML) {
  if (!page) throw new Error('a built page is missing');
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply
    .status(status)
    .header('content-type', kind.type)
    .header('cache-control', kind.cache)
    .header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.raw);
}

export interface ClientPluginOptions {
  /** Directory of the built client, or false to serve the API only (API tests). */
  distDir: string | false;
}

export default fp<ClientPluginOptions>(
  async (app, { distDir }) => {
    const { sitePages } = app;

    const notFoundJson = (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .status(404)
        .send({ message: `No such API endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });

    if (!sitePages.built || !distDir) {
      // API-only mode (API tests, or before `npm run build`).
      if (distDir) app.log.warn('client build not found in %s: serving the API only', distDir);
      app.setNotFoundHandler((request, reply) =>
        request.url.startsWith('/api/') || request.url === '/api'
          ? notFoundJson(request, reply)
          : reply.status(404).send({ message: 'Not found. Run `npm run build` to serve the site.', code: 'NOT_FOUND' }),
      );
      return;
    }

    for (const [urlPath, name] of Object.entries(PRERENDERED_PAGES)) {
      app.get(urlPath, quietRoute({}), async (request, reply) => sendPage(request, reply, await sitePages.get(name)));
    }
    // The community's record pages, rendered here as a signed-out reader sees them; the shell when they cannot be.
    for (const urlPath of SERVER_RENDERED_PATHS) {
      app.get(urlPath, quietRoute({}), async (request, reply) => {
        const query = request.url.indexOf('?');
        const pathname = query === -1 ? request.url : request.url.slice(0, query);
        const rendered = await sitePages.recordPage(pathname, query === -1 ? '' : request.url.slice(query));
        if (rendered) return sendPage(request, reply, rendered.page, rendered.status);
        return sendPage(request, reply, await sitePages.get('_app'));
      });
    }
    // A ':name' segment ('/doctors/:id') is a Fastify route parameter: any one segment gets the shell.
    for (const urlPath of CLIENT_ONLY_PATHS) {
      app.get(urlPath, async (request, reply) => sendPage(request, reply, await sitePages.get('_app')));
    }

    // The site data the pages name: by content, so it never changes under its address.
    const siteDataKind = { type: 'application/json; charset=utf-8', cache: 'public, max-age=31536000, immutable' };
    app.get('/site-data/:file', quietRoute({}), async (request, reply) => {
      const where = request.url.split('?')[0]!;
      const data = SITE_DATA_PATH_PATTERN.test(where) ? await sitePages.siteData(where) : undefined;
      if (!data)
        return reply.status(404).send({ message: `No such site data: ${where} (reload the page)`, code: 'NOT_FOUND' });
      return sendPage(request, reply, data, 200, siteDataKind);
    });

    // The link preview of the published content: the build drew the seed's (served as a file below); a newer
    // headline or photo is drawn here once and kept. Any earlier address gets the current picture.
    let drawn: { path: string; png: Promise<Buffer> } | undefined;
    app.get('/share/:file', quietRoute({}), async (request, reply) => {
      if (!SHARE_IMAGE_PATTERN.test(request.url.split('?')[0]!))
        return sendPage(request, reply, await sitePages.get('404'), 404);
      const { content } = await app.campaigns.mainAppeal();
      const current = shareImagePath(content);
      if (drawn?.path !== current) {
        // A photo that cannot be drawn (say, a damaged upload) leaves the words on the site's colours.
        const png = readSharePhoto(content.seo.image.src, { distDir, db: app.db })
          .catch(() => null)
          .then((photo) => renderShareImage(content, photo).catch(() => renderShareImage(content, null)));
        drawn = { path: current, png };
        png.catch(() => {
          if (drawn?.png === png) drawn = undefined;
        });
      }
      return reply
        .header('content-type', SHARE_IMAGE.type)
        .header('cache-control', 'public, max-age=3600')
        .send(await drawn.png);
    });

    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/prerender.ts).
      preCompressed: true,
      // Our setHeaders decides caching; without this the plugin overwrites it with max-age=0.
      cacheControl: false,
      allowedPath: (pathName) => !pathName.startsWith('/pages/'),
      // The hashed scripts and styles are served by plugins/assets.ts, without the pages' headers.
      globIgnore: ['assets/**'],
      setHeaders(res) {
        res.setHeader('cache-control', 'public, max-age=3600');
      },
    });

    app.setNotFoundHandler(async (request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') return notFoundJson(request, reply);
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
      }
      return sendPage(request, reply, await sitePages.get('404'), 404);
    });
  },
  { name: 'client', dependencies: ['db', 'site-pages'] },
);
