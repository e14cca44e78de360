/** Sizes from dist/client, independent of Lighthouse: what a page loads before interaction, and a build fingerprint. */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { PRERENDERED_PAGES, SERVER_RENDERED_PATHS } from '../src/shared/routes.ts';
import { readClientChunks, withStaticImports } from '../src/server/services/site-pages.ts';
import { ROOT } from './app-process.ts';

export const CLIENT_DIR = path.join(ROOT, 'dist', 'client');
export const KB = 1024;

export const gzipBytes = (buf: Buffer | string) => gzipSync(buf, { level: 9 }).length;
/** Brotli at the quality the server compresses its pages with (src/server/plugins/site-pages.ts). */
export const brotliBytes = (buf: Buffer | string) =>
  brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }).length;

/** The route module each page loads before hydrating (read from the table in src/client/routes.tsx). */
function pageModuleSource(pathname: string): string | undefined {
  const source = fs.readFileSync(path.join(ROOT, 'src/client/routes.tsx'), 'utf8');
  const escaped = pathname.replace(/[/.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`'${escaped}':\\s*\\{\\s*load:\\s*\\(\\)\\s*=>\\s*import\\('\\./([^']+\\.tsx)'\\)`).exec(
    source,
  );
  return match ? `src/client/${match[1]}` : undefined;
}

export interface PageBundle {
  htmlBytes: number;
  htmlGzip: number;
  /** The HTML as the server sends it to a browser (brotli). */
  htmlBrotli: number;
  /** The entry, the page's module, and every chunk they import statically. */
  scripts: { file: string; bytes: number; gzip: number }[];
  jsBytes: number;
  jsGzip: number;
}

/**
 * What the page at `pathname` (a path of the page table) loads before interaction: its HTML (a prerendered page
 * is read whole; any other page is the app shell with its content), the entry, and the page's module, each with
 * the chunks it imports statically.
 */
export function pageBundle(pathname: string): PageBundle {
  const name = (PRERENDERED_PAGES as Record<string, string>)[pathname] ?? '_app';
  const html = fs.readFileSync(path.join(CLIENT_DIR, 'pages', `${name}.html`));
  const chunks = readClientChunks(CLIENT_DIR);
  const pageModule = pageModuleSource(pathname);
  const entry = chunks.find((c) => c.isEntry);
  const page = pageModule && chunks.find((c) => c.modules.includes(pageModule));
  // A figure without the page's own chunk would understate what the page loads: stop instead.
  if (!entry || !page) throw new Error(`could not find the entry or the page module for ${pathname} in the build`);

  const scripts = withStaticImports(chunks, [entry.file, page.file]).map((file) => {
    const buf = fs.readFileSync(path.join(CLIENT_DIR, file));
    return { file: path.basename(file), bytes: buf.length, gzip: gzipBytes(buf) };
  });
  return {
    htmlBytes: html.length,
    htmlGzip: gzipBytes(html),
    htmlBrotli: brotliBytes(html),
    scripts,
    jsBytes: scripts.reduce((a, s) => a + s.bytes, 0),
    jsGzip: scripts.reduce((a, s) => a + s.gzip, 0),
  };
}

/** The built files the app serves; compared before and after, since a rebuild mid-run mixes two builds. */
export function buildFingerprint(): string {
  const dirs = [path.join(CLIENT_DIR, 'assets'), path.join(CLIENT_DIR, 'pages')];
  return dirs
    .map((dir) =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .sort()
            .map((f) => `${f}:${fs.statSync(path.join(dir, f)).mtimeMs}`)
            .join(',')
        : '',
    )
    .join('|');
}

/** `npx tsx scripts/bundle-sizes.ts` (after `npm run build`): the budgets' figures for every public page. */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pages = [...Object.keys(PRERENDERED_PAGES), ...SERVER_RENDERED_PATHS];
  console.log('| Page | JS before interaction, gzip | files | first HTML, brotli |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const page of pages) {
    const b = pageBundle(page);
    const html = page in PRERENDERED_PAGES ? `${(b.htmlBrotli / KB).toFixed(1)} KB` : 'per record';
    console.log(`| \`${page}\` | ${(b.jsGzip / KB).toFixed(1)} KB | ${b.scripts.length} | ${html} |`);
  }
}
