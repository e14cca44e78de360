/**
 * The public pages as HTML: the built index.html (stylesheet inlined) filled in by the SSR entry. The build
 * (scripts/prerender.ts) writes them with the seed content; the server renders them again from the
 * published content once the app is ready and after every publish.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRERENDERED_PAGES, SITE_URL_PLACEHOLDER } from '#shared/routes.ts';
import type { SiteData } from '#client/lib/campaign-context.tsx';
import type { pageReads, render as Render, RenderedPage } from '#client/entry-server.tsx';

export type RenderPage = typeof Render;
export type PageReads = typeof pageReads;
export type { SiteData };

/** Every page file under dist/client/pages: the prerendered paths, the 404 page, and the app shell that client-only pages get. */
export const PAGE_FILES: readonly { name: string; pathname: string; shell?: boolean }[] = [
  ...Object.entries(PRERENDERED_PAGES).map(([pathname, name]) => ({ name, pathname })),
  { name: '404', pathname: '/404' },
  { name: '_app', pathname: '/', shell: true },
];

/** The template as the build leaves it for the server, beside the pages (never served: /pages/ is not public). */
export const TEMPLATE_FILE = '_template.html';

/** A script of the client build: its source modules and the scripts it imports statically (vite.config.ts). */
export interface ClientChunk {
  file: string;
  isEntry: boolean;
  imports: string[];
  modules: string[];
}

/** What the client build made, from dist/client-chunks.json beside the client directory. */
export function readClientChunks(clientDir: string): ClientChunk[] {
  return JSON.parse(fs.readFileSync(path.join(clientDir, '..', 'client-chunks.json'), 'utf8')) as ClientChunk[];
}

/** These scripts and every script they import statically, at any depth: what runs before they do. */
export function withStaticImports(chunks: readonly ClientChunk[], files: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(chunks.find((c) => c.file === file)?.imports ?? []));
  }
  return [...seen];
}

/**
 * Starts the page's scripts after its first paint. The HTML already shows the page; scripts and the site data
 * fetched while it is parsed compete with that paint on a slow phone (and Lighthouse's estimate of the largest
 * paint counts every request that finished before it). It starts at once where there is nothing to paint first (the
 * app shell) or no one to see it (a background tab, or one hidden before its paint), and after 3 s at the latest. Inline so it costs no round trip
 * (sent without its line breaks and indents: every statement ends with `;` or a brace); the CSP allows exactly
 * this text (BOOT_SCRIPT_HASH).
 */
export const BOOT_SCRIPT = `(function () {
  var data = document.currentScript.dataset;
  var started = false;
  function add(tag, props) {
    document.head.appendChild(Object.assign(document.createElement(tag), props));
  }
  function start() {
    if (started) return;
    started = true;
    add('link', { id: 'site-data', rel: 'preload', as: 'fetch', crossOrigin: '', href: data.siteData });
    data.preload.split(' ').filter(Boolean).forEach(function (href) {
      add('link', { rel: 'modulepreload', crossOrigin: '', href: href });
    });
    add('script', { type: 'module', crossOrigin: '', src: data.entry });
  }
  if (document.visibilityState === 'hidden' || !document.getElementById('root').hasChildNodes()) return start();
  setTimeout(start, 3000);
  document.addEventListener('visibilitychange', start);
  var observer = window.PerformanceObserver;
  if (observer && observer.supportedEntryTypes && observer.supportedEntryTypes.indexOf('paint') >= 0) {
    new observer(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(start); }); });
  }
})();`.replace(/\n\s*/g, '');

export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** Where fillTemplate puts the address of the page's site data. */
const SITE_DATA_SLOT = '<!--site-data-->';

/**
 * The built index.html with its stylesheet inlined (it is small, about 6 KB compressed, so the first round trip
 * carries a styled page) and the entry script replaced by BOOT_SCRIPT, which names the entry, its imports (to
 * preload: the build leaves that to us, vite.config.ts) and the site data (filled in per page: fillTemplate).
 */
export function templateFromBuild(clientDir: string): string {
  const chunks = readClientChunks(clientDir);
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error(`the client build in ${clientDir} has no entry script`);
  const preloads = withStaticImports(chunks, entry.imports).map((file) => `/${file}`);
  const boot = `<script data-entry="/${entry.file}" data-preload="${preloads.join(' ')}" data-site-data="${SITE_DATA_SLOT}">${BOOT_SCRIPT}</script>`;
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const withoutEntry = html.replace(/<script type="module"[^>]*><\/script>/, '');
  if (withoutEntry === html || !withoutEntry.includes('<!--boot-->'))
    throw new Error(`${clientDir}/index.html has no entry script or no <!--boot--> slot`);
  return withoutEntry
    .replace('<!--boot-->', () => boot)
    .replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/, (_tag, href: string) => {
      const css = fs.readFileSync(path.join(clientDir, href), 'utf8');
      return `<style>${css}</style>`;
    });
}

/** The SSR entry (dist/ssr/entry-server.js): its render function, and the reads of a server-rendered page. */
export async function loadRenderer(ssrEntry: string): Promise<RenderPage> {
  return (await loadSsrEntry(ssrEntry)).render;
}

export async function loadSsrEntry(ssrEntry: string): Promise<{ render: RenderPage; pageReads: PageReads }> {
  return (await import(/* @vite-ignore */ pathToFileURL(ssrEntry).href)) as {
    render: RenderPage;
    pageReads: PageReads;
  };
}

/**
 * The site data every page starts from (the campaign's content and the site's address), as the JSON file the
 * pages name: its own file, not in each page, so a browser fetches it once per version of the content.
 */
export const siteDataJson = (site: SiteData) => JSON.stringify(site);

/** Where this site data is served: named by its content, so a browser may keep it as long as it likes. */
export const siteDataPath = (json: string) =>
  `/site-data/${createHash('sha256').update(json).digest('base64url').slice(0, 16)}.json`;

export const SITE_DATA_PATH_PATTERN = /^\/site-data\/[\w-]{16}\.json$/;

/** The build's site data (the seed's, for the build's own pages), beside them in dist/client/pages. */
export const SITE_DATA_FILE = 'site-data.json';

/** Renders every page file for this site (file name -> HTML); `siteDataHref` when the caller has it already. */
export async function renderPages(
  render: RenderPage,
  template: string,
  site: SiteData,
  siteDataHref = siteDataPath(siteDataJson(site)),
): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const { name, pathname, shell } of PAGE_FILES) {
    pages.set(name, fillTemplate(template, await render(pathname, site, shell ? { shell } : {}), siteDataHref));
  }
  return pages;
}

/** The template with a rendered page in it, and the address of its site data (siteDataPath). */
export function fillTemplate(template: string, page: RenderedPage, siteDataHref: string): string {
  // Replacer functions: a page's text is inserted as is, even where it holds `$&` or `$'`; the slots it cannot
  // fill are filled before it goes in.
  return template
    .replace(SITE_DATA_SLOT, () => siteDataHref)
    .replace('<!--app-head-->', () => page.head)
    .replace('<!--app-html-->', () => page.html)
    .replace('<!--page-data-->', () =>
      page.pageData ? `<script id="page-data" type="application/json">${page.pageData}</script>` : '',
    );
}

/** Puts this deployment's PUBLIC_URL where the build left the placeholder origin (plain and URL-encoded). */
export function withPublicUrl(html: string, publicUrl: string): string {
  return html
    .replaceAll(SITE_URL_PLACEHOLDER, publicUrl)
    .replaceAll(encodeURIComponent(SITE_URL_PLACEHOLDER), encodeURIComponent(publicUrl));
}
