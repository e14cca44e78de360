/** Prerendering: renders a path to HTML and head tags (used by scripts/prerender.ts at build). */
import { renderToString } from 'react-dom/server';
import type { SiteData } from './lib/campaign-context.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { loadPage, matchPage } from './routes.tsx';
import { headToHtml, jsonForScript, resolveHead } from './head.ts';
import { campaignJsonLd } from './structured-data.ts';
import { App } from './app.tsx';

export interface RenderedPage {
  html: string;
  head: string;
  siteData: string;
}

export async function render(
  pathname: string,
  site: SiteData,
  options: { shell?: boolean } = {},
): Promise<RenderedPage> {
  const route = matchPage(pathname);
  await loadPage(route);
  const indexable = route.path !== '*' && !options.shell;
  const jsonLd = route.path === '/' ? campaignJsonLd(site.content, site.siteUrl) : undefined;
  const head = headToHtml({ ...resolveHead(route, pathname, site.content, site.siteUrl), jsonLd }, { indexable });
  const html = options.shell
    ? ''
    : renderToString(<App site={site} queryClient={createQueryClient()} ssrPath={pathname} />);
  return { html, head, siteData: jsonForScript(site) };
}
