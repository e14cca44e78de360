/** Writes the public pages as HTML into dist/client/pages (run after the client and SSR builds). */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES, SITE_URL_PLACEHOLDER } from '../src/shared/routes.ts';
import { readSeedContent } from '../src/server/services/campaign.ts';
import { ROOT_DIR } from '../src/server/paths.ts';

import type { render as Render } from '../src/client/entry-server.tsx';

const clientDir = path.join(ROOT_DIR, 'dist', 'client');
const ssrEntry = path.join(ROOT_DIR, 'dist', 'ssr', 'entry-server.js');
const pagesDir = path.join(clientDir, 'pages');

const { render } = (await import(pathToFileURL(ssrEntry).href)) as { render: typeof Render };
// The stylesheet is small (about 6 KB compressed): inlined, the first round trip carries a styled page.
const template = fs
  .readFileSync(path.join(clientDir, 'index.html'), 'utf8')
  .replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/, (_tag, href: string) => {
    const css = fs.readFileSync(path.join(clientDir, href), 'utf8');
    return `<style>${css}</style>`;
  });
const site = { content: await readSeedContent(), siteUrl: SITE_URL_PLACEHOLDER };

async function write(name: string, pathname: string, options: { shell?: boolean } = {}) {
  const page = await render(pathname, site, options);
  const html = template
    .replace('<!--app-head-->', page.head)
    .replace('<!--app-html-->', page.html)
    .replace('<!--site-data-->', page.siteData);
  fs.writeFileSync(path.join(pagesDir, `${name}.html`), html);
  return html.length;
}

fs.mkdirSync(pagesDir, { recursive: true });
for (const [pathname, name] of Object.entries(PRERENDERED_PAGES)) {
  const bytes = await write(name, pathname);
  console.log(`prerendered ${pathname.padEnd(20)} ${(bytes / 1024).toFixed(1)} KB`);
}
await write('404', '/404');
await write('_app', '/', { shell: true });
// The unrendered template is not a page anyone should be served.
fs.rmSync(path.join(clientDir, 'index.html'));

// Pre-compress static assets once, so the server sends them brotli- or gzip-encoded at no cost per request.
for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(js|css|svg|json|txt)$/.test(entry.name) || entry.parentPath.includes(`${path.sep}pages`)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
}
