/**
 * Rendering on the server: a path to HTML, head tags and the answers the page was rendered from. Used at build for the
 * prerendered pages (scripts/prerender.ts) and by the server for all pages from the published content
 * (src/server/plugins/site-pages.ts), and per request for the pages of the community's records.
 */
import { renderToString } from 'react-dom/server';
import { dehydrate } from '@tanstack/react-query';
import { UNLISTED_PAGES } from '#shared/routes.ts';
import type { SiteData } from './lib/campaign-context.tsx';
import { isNotFound } from './lib/page-query.ts';
import { createQueryClient } from './lib/query-client.ts';
import { loadPage, matchPage } from './routes.tsx';
import { loadBelowFoldParts } from './components/below-fold.tsx';
import { headToHtml, jsonForScript, resolveHead } from './head.ts';
import { campaignJsonLd } from './structured-data.ts';
import { pathParams, SERVER_PAGES } from './server-pages.ts';
import { App } from './app.tsx';

export interface RenderedPage {
  html: string;
  head: string;
  /** The answers of the page's reads, for the browser to start from ('' when the page has none). */
  pageData: string;
  /** 404 when the record the page is about does not exist (or is not public). */
  status: number;
}

export interface RenderOptions {
  /** The app shell: no page content, not indexed (pages rendered only in the browser). */
  shell?: boolean;
  /** The address's query string ('?tag=...'), which a server-rendered list reads its filters from. */
  search?: string;
  /** Answers an API GET as a signed-out reader gets it (the server's own routes, in process). */
  fetchJson?: (url: string) => Promise<{ status: number; body: unknown }>;
}

/** A read the page needs failed (not a "not found"): the server serves the app shell instead. */
export class PageDataError extends Error {}

export async function render(pathname: string, site: SiteData, options: RenderOptions = {}): Promise<RenderedPage> {
  const route = matchPage(pathname);
  await loadPage(route);
  await loadBelowFoldParts();
  const queryClient = createQueryClient();
  const serverPage = route.path in SERVER_PAGES ? SERVER_PAGES[route.path as keyof typeof SERVER_PAGES] : undefined;
  const params = serverPage ? pathParams(route.path, pathname) : {};
  let status = 200;
  if (serverPage && options.fetchJson && !options.shell) {
    const fetchJson = options.fetchJson;
    await Promise.all(
      serverPage.queries(params, options.search ?? '').map(async (query) => {
        const answer = await fetchJson(query.url);
        if (answer.status === 200) queryClient.setQueryData(query.queryKey, answer.body);
        else if (isNotFound(answer.status)) {
          queryClient.setQueryData(query.queryKey, null);
          status = 404;
        } else throw new PageDataError(`${query.url} answered ${answer.status}`);
      }),
    );
  }
  const resolved = resolveHead(route, pathname, site.content, site.siteUrl);
  const fromData = serverPage?.head?.(site.content, site.siteUrl, params, queryClient);
  const indexable =
    route.path !== '*' &&
    !UNLISTED_PAGES.includes(route.path) &&
    !options.shell &&
    status === 200 &&
    fromData?.indexable !== false;
  const jsonLd = route.path === '/' ? campaignJsonLd(site.content, site.siteUrl) : fromData?.jsonLd;
  const head = headToHtml({ ...resolved, ...fromData, jsonLd }, { indexable });
  const html = options.shell
    ? ''
    : renderToString(
        <App site={site} queryClient={queryClient} ssrPath={pathname} ssrSearch={options.search?.replace(/^\?/, '')} />,
      );
  const dehydrated = dehydrate(queryClient);
  return {
    html,
    head,
    pageData: dehydrated.queries.length ? jsonForScript(dehydrated) : '',
    status,
  };
}

/**
 * What a server-rendered page at this address shows, as the API paths it reads: two addresses with the same
 * paths render the same page (the server keeps one copy), whatever else their query strings hold.
 */
export function pageReads(pathname: string, search: string): string[] {
  const route = matchPage(pathname);
  const serverPage = SERVER_PAGES[route.path as keyof typeof SERVER_PAGES];
  return serverPage ? serverPage.queries(pathParams(route.path, pathname), search).map((q) => q.url) : [];
}
