/** Writes the public pages as HTML into dist/client/pages (run after the client and SSR builds). */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { SITE_URL_PLACEHOLDER } from '../src/shared/routes.ts';
import { readSeedContent } from '../src/server/db/seed.ts';
import {
  loadRenderer,
  renderPages,
  SITE_DATA_FILE,
  siteDataJson,
  templateFromBuild,
  TEMPLATE_FILE,
} from '../src/server/services/site-pages.ts';
import { CLIENT_DIST_DIR, SSR_ENTRY } from '../src/server/paths.ts';
import { readSharePhoto, renderShareImage } from '../src/server/services/share-image.ts';
import { hiddenGivingOptions } from '../src/shared/placeholders.ts';
import { shareImagePath } from '../src/shared/share-image.ts';

const clientDir = CLIENT_DIST_DIR;
const pagesDir = path.join(clientDir, 'pages');

const template = templateFromBuild(clientDir);
const content = await readSeedContent();
// These pages are served only while the server cannot render its own (database unreachable): they show the
// seed, whose payment details are examples, so they never offer those ways to give.
const site = { content, siteUrl: SITE_URL_PLACEHOLDER, hiddenGivingOptions: hiddenGivingOptions(content) };
const pages = await renderPages(await loadRenderer(SSR_ENTRY), template, site);

// The link preview the pages name (og:image); the server draws a new one when the headline or photo changes.
const shareImage = path.join(clientDir, shareImagePath(content));
fs.mkdirSync(path.dirname(shareImage), { recursive: true });
fs.writeFileSync(
  shareImage,
  await renderShareImage(content, await readSharePhoto(content.seo.image.src, { distDir: clientDir })),
);

fs.mkdirSync(pagesDir, { recursive: true });
for (const [name, html] of pages) {
  fs.writeFileSync(path.join(pagesDir, `${name}.html`), html);
  console.log(`prerendered ${name.padEnd(20)} ${(html.length / 1024).toFixed(1)} KB`);
}
// The server renders the pages again from the published content (src/server/plugins/site-pages.ts).
fs.writeFileSync(path.join(pagesDir, TEMPLATE_FILE), template);
fs.writeFileSync(path.join(pagesDir, SITE_DATA_FILE), siteDataJson(site));
// The unrendered template is not a page anyone should be served.
fs.rmSync(path.join(clientDir, 'index.html'));

// Pre-compress static assets once, so the server sends them brotli- or gzip-encoded at no cost per request.
for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(js|css|svg|json|txt)$/.test(entry.name) || entry.parentPath.includes(`${path.sep}pages`))
    continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
}
