/**
 * The public pages, rendered by this server from the published campaign content so a publish shows without a
 * rebuild. They are rendered at start, and again when the campaign's version changes: a publish on this
 * instance refreshes them from its command's after-commit queue (afterCommit.refresh('pages')), and the
 * request waits for it; otherwise a page request that sees a new version through
 * app.campaigns.mainAppeal() (cached about a second, so every instance notices within one) starts the render
 * and is answered with the pages it has. Each page is kept compressed (gzip and brotli). The first render
 * runs in the background once the app is ready, so a start never waits for it. Without a client build
 * (API-only mode) there are no pages; if the pages cannot be rendered, the build's own are served.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { hiddenGivingOptions } from '#shared/placeholders.ts';
import { INTERNAL_READ } from '../logging.ts';
import { SSR_ENTRY } from '../paths.ts';
import type { MainAppealRow } from '../services/campaign.ts';
import {
  BOOT_SCRIPT,
  PAGE_FILES,
  SITE_DATA_FILE,
  TEMPLATE_FILE,
  fillTemplate,
  loadSsrEntry,
  renderPages,
  siteDataJson,
  siteDataPath,
  withPublicUrl,
  type PageReads,
  type RenderPage,
  type SiteData,
} from '../services/site-pages.ts';

export interface Page {
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface SitePages {
  /** False in API-only mode (no client build). */
  readonly built: boolean;
  /** A page by file name ('index', 'donate', '404', '_app' ...), current with the published content. */
  get(name: string): Promise<Page | undefined>;
  /** Renders the pages again now if the published version changed (after a publish on this instance). */
  refresh(): Promise<void>;
  /**
   * A page of the community's records (render 'server') for this address, as a signed-out reader sees it, with
   * its status (404 for a record that is not public); undefined when it cannot be rendered now (the caller
   * serves the app shell, and the browser renders it).
   */
  recordPage(pathname: string, search: string): Promise<RecordPage | undefined>;
  /** Forgets the rendered record pages: a write may have changed what they show. */
  forgetRecordPages(): void;
  /** Also forgets `forget` (what else lists the records: the sitemap) whenever the record pages are forgotten. */
  alsoForget(forget: () => void): void;
  /**
   * The site data a page names (its path, /site-data/<hash>.json), as JSON: the current content's, a recent
   * version's, or the build's; undefined for any other.
   */
  siteData(path: string): Promise<Page | undefined>;
}

export interface RecordPage {
  page: Page;
  status: number;
}

/** How long a rendered record page is served: how soon a write shows here if its change notice went unheard. */
export const RECORD_PAGE_MAX_AGE_MS = 60_000;
/** Record pages kept (compressed, about 30 KB each), the least recently used dropped first. */
const RECORD_PAGES_KEPT = 200;
/** Versions of the site data kept: a page loaded just before a publish still finds the data it names. */
const SITE_DATA_VERSIONS_KEPT = 4;

declare module 'fastify' {
  interface FastifyInstance {
    sitePages: SitePages;
  }
}

export interface SitePagesOptions {
  /** Directory of the built client, or false for API-only. */
  distDir: string | false;
  ssrEntry?: string;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/** Brotli's quality 10 is about 2% larger than 11 on these pages and three times faster: a publish shows sooner. */
const BROTLI_QUALITY = 10;

/** Compressed on the thread pool, off the event loop: pages render while other requests are served. */
async function compress(html: string): Promise<Page> {
  const raw = Buffer.from(html);
  const [gz, br] = await Promise.all([
    gzipAsync(raw, { level: 9 }),
    brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
  ]);
  return { raw, gzip: gz, br };
}

const keyOf = (row: MainAppealRow) => `${row.id}:${row.version}`;

export default fp<SitePagesOptions>(
  async (app, { distDir, ssrEntry = SSR_ENTRY }) => {
    const pagesDir = distDir ? path.join(distDir, 'pages') : '';
    const alsoForgotten: (() => void)[] = [];
    const forgetOthers = () => alsoForgotten.forEach((forget) => forget());
    const alsoForget = (forget: () => void) => void alsoForgotten.push(forget);
    if (!distDir || !fs.existsSync(path.join(pagesDir, '404.html'))) {
      app.decorate('sitePages', {
        built: false,
        get: async () => undefined,
        refresh: async () => {},
        recordPage: async () => undefined,
        forgetRecordPages: forgetOthers,
        alsoForget,
        siteData: async () => undefined,
      });
      return;
    }
    const { publicUrl } = app.config;
    // In production the seed's examples are left out (src/shared/example-content.ts), decided here so the browser
    // gets the answer, not the example.
    const siteFor = (row: MainAppealRow): SiteData => ({
      content: app.examples.live(row.content),
      siteUrl: publicUrl,
      ...(app.config.env === 'production' ? { hiddenGivingOptions: hiddenGivingOptions(row.content) } : {}),
      ...(app.examples.appealIsExample(row.content) ? { exampleAppeal: true } : {}),
    });

    // The site data of the versions rendered here, by path, compressed once per version; the current version's
    // path is kept too, so a record page's render does not serialise and hash the whole content again.
    const siteDataByPath = new LRUCache<string, Promise<Page>>({ max: SITE_DATA_VERSIONS_KEPT });
    let latest: { key: string; path: string } | undefined;
    /** Keeps the site data of this version, and returns its path. */
    const keepSiteData = (row: MainAppealRow): string => {
      if (latest?.key === keyOf(row) && siteDataByPath.has(latest.path)) return latest.path;
      const json = siteDataJson(siteFor(row));
      const where = siteDataPath(json);
      if (!siteDataByPath.has(where)) siteDataByPath.set(where, compress(json));
      latest = { key: keyOf(row), path: where };
      return where;
    };

    let pages = new Map<string, Page>();
    let render: RenderPage | null = null;
    let pageReads: PageReads | null = null;
    let template = '';
    try {
      template = fs.readFileSync(path.join(pagesDir, TEMPLATE_FILE), 'utf8');
      // The CSP allows the boot script this server was built with: pages from another build would not start.
      if (!template.includes(BOOT_SCRIPT))
        app.log.error('the pages were built with another boot script than the server (run `npm run build`)');
      ({ render, pageReads } = await loadSsrEntry(ssrEntry));
    } catch (err) {
      app.log.error({ err: (err as Error).message }, 'cannot render pages (run `npm run build`)');
    }

    /** The campaign version the pages show, and one whose render failed (not retried on every request). */
    let shown: string | null = null;
    let failed: string | null = null;
    let rendering: Promise<void> | undefined;

    async function renderFor(row: MainAppealRow) {
      const key = keyOf(row);
      try {
        const html = await renderPages(render!, template, siteFor(row), keepSiteData(row));
        const compressed = await Promise.all(
          [...html].map(async ([name, text]) => [name, await compress(text)] as const),
        );
        pages = new Map(compressed);
        shown = key;
      } catch (err) {
        failed = key;
        app.log.error(
          { err: (err as Error).message, version: row.version },
          'rendering the pages failed: serving the previous ones',
        );
      }
    }

    /** Brings the pages up to `row`; concurrent callers share one render. */
    async function sync(row: MainAppealRow) {
      while (render && keyOf(row) !== shown && keyOf(row) !== failed) {
        rendering ??= renderFor(row).finally(() => {
          rendering = undefined;
        });
        await rendering;
      }
    }

    const current = () => app.campaigns.mainAppeal().catch(() => null);

    // The build's own pages (the seed content), compressed on first use: served only when rendering fails.
    const builtPages = new Map<string, Promise<Page | undefined>>();
    // Their site data, named by the build's JSON (the address in their HTML) and served with this site's address.
    let builtSiteData: { path: string; page: Promise<Page> } | null | undefined;
    const builtData = () => {
      if (builtSiteData === undefined) {
        const file = path.join(pagesDir, SITE_DATA_FILE);
        const json = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
        builtSiteData =
          json === null ? null : { path: siteDataPath(json), page: compress(withPublicUrl(json, publicUrl)) };
      }
      return builtSiteData;
    };
    const builtPage = (name: string) => {
      if (!builtPages.has(name)) {
        const file = path.join(pagesDir, `${name}.html`);
        const known = PAGE_FILES.some((p) => p.name === name) && fs.existsSync(file);
        builtPages.set(
          name,
          known ? compress(withPublicUrl(fs.readFileSync(file, 'utf8'), publicUrl)) : Promise.resolve(undefined),
        );
      }
      return builtPages.get(name)!;
    };

    // The first render starts once the app is ready and never holds up its start (under load it once took
    // longer than Fastify's plugin timeout, and the whole site went down). Page requests that arrive before
    // it ends wait for it: the pages must show the published content, not the seed.
    let firstRender: Promise<void> | undefined;
    const refresh = async () => {
      const row = await current();
      if (row) await sync(row);
    };

    // Record pages, by campaign version and the reads they show; concurrent requests for one page share its
    // render, and a render that failed is not kept (the next request tries again).
    const recordPages = new LRUCache<string, RecordPage, { row: MainAppealRow; pathname: string; search: string }>({
      max: RECORD_PAGES_KEPT,
      ttl: RECORD_PAGE_MAX_AGE_MS,
      fetchMethod: (_key, _stale, { context }) => renderRecordPage(context.row, context.pathname, context.search),
    });
    const answerAsReader = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { [INTERNAL_READ.header]: INTERNAL_READ.token } });
      return { status: res.statusCode, body: res.statusCode === 200 ? (res.json() as unknown) : null };
    };
    async function renderRecordPage(
      row: MainAppealRow,
      pathname: string,
      search: string,
    ): Promise<RecordPage | undefined> {
      try {
        const rendered = await render!(pathname, siteFor(row), { search, fetchJson: answerAsReader });
        return { page: await compress(fillTemplate(template, rendered, keepSiteData(row))), status: rendered.status };
      } catch (err) {
        app.log.warn(
          { err: (err as Error).message, page: pathname },
          'a record page was not rendered: the browser renders it',
        );
        return undefined;
      }
    }

    app.decorate('sitePages', {
      built: true,
      async recordPage(pathname, search) {
        const row = await current();
        if (!render || !pageReads || !row) return undefined;
        const key = `${keyOf(row)} ${pathname} ${pageReads(pathname, search).join(' ')}`;
        // A write forgets the pages while one renders (any instance's, heard as a change notice): that render is
        // cancelled, and this request gets the app shell, which reads the page fresh in the browser.
        return recordPages.fetch(key, { context: { row, pathname, search } }).catch(() => undefined);
      },
      forgetRecordPages: () => {
        recordPages.clear();
        forgetOthers();
      },
      alsoForget,
      async siteData(where) {
        // Another instance may have rendered a newer version first: the current one is known here too.
        if (!siteDataByPath.has(where)) {
          const row = await current();
          if (row) keepSiteData(row);
        }
        const built = builtData();
        return siteDataByPath.get(where) ?? (built?.path === where ? built.page : undefined);
      },
      async get(name: string) {
        if (shown === null) await (firstRender ??= refresh());
        const row = await current();
        // A new version renders in the background; this request gets the pages there are.
        if (render && row && keyOf(row) !== shown && keyOf(row) !== failed) void sync(row);
        if (shown !== null) return pages.get(name);
        // Nothing to render from yet (no campaign, the database unreachable): a later request tries again.
        if (failed === null) firstRender = undefined;
        return builtPage(name);
      },
      refresh,
    });
    app.addHook('onReady', async () => {
      firstRender ??= refresh();
    });
  },
  { name: 'site-pages', dependencies: ['db'] },
);
