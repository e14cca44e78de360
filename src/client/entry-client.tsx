import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import type { SiteData } from './lib/campaign-context.tsx';
import { createQueryClient, followChanges } from './lib/query-client.ts';
import { loadPage, matchPage } from './routes.tsx';
import { App } from './app.tsx';
import { NavigationEffects } from './navigation-effects.tsx';
import './styles.css';

/** The site data the page names (its own file, cached by the browser per version of the content). */
async function loadSiteData(): Promise<SiteData> {
  const href = document.querySelector<HTMLLinkElement>('link#site-data')!.href;
  const response = await fetch(href);
  if (!response.ok) throw new Error(`${href} answered ${response.status}`);
  return (await response.json()) as SiteData;
}

async function start() {
  const root = document.getElementById('root')!;
  // The app shell (a page rendered in the browser) has no page in it, nor the page's head tags: set those first.
  const shell = !root.hasChildNodes();
  // The page's code and its data must be here before hydrating, or the first render would not match the HTML.
  const [site, , head] = await Promise.all([
    loadSiteData(),
    loadPage(matchPage(window.location.pathname)),
    shell ? import('./head.ts') : null,
  ]);
  head?.applyHead(window.location.pathname, site);
  const queryClient = createQueryClient();
  followChanges(queryClient);
  // A server-rendered page carries the answers it was rendered from: the first render shows the same.
  const pageData = document.getElementById('page-data')?.textContent;
  if (pageData) hydrate(queryClient, JSON.parse(pageData));
  const app = (
    <StrictMode>
      <App site={site} queryClient={queryClient} effects={<NavigationEffects site={site} />} />
    </StrictMode>
  );
  if (shell) createRoot(root).render(app);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page (a phone stays responsive to the reader's first tap meanwhile).
  else startTransition(() => void hydrateRoot(root, app));
}

void start();
