import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import type { SiteData } from './lib/campaign-context.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { loadPage, matchPage } from './routes.tsx';
import { App } from './app.tsx';
import './styles.css';

async function start() {
  const site = JSON.parse(document.getElementById('site-data')!.textContent!) as SiteData;
  const root = document.getElementById('root')!;
  // The app shell (a page rendered in the browser) has no page in it, nor the page's head tags: set those first.
  const shell = !root.hasChildNodes();
  // The page's code must be here before hydrating, or the first render would not match the HTML.
  await Promise.all([
    loadPage(matchPage(window.location.pathname)),
    shell && import('./head.ts').then(({ applyHead }) => applyHead(window.location.pathname, site)),
  ]);
  const queryClient = createQueryClient();
  // A server-rendered page carries the answers it was rendered from: the first render shows the same.
  const pageData = document.getElementById('page-data')?.textContent;
  if (pageData) hydrate(queryClient, JSON.parse(pageData));
  const app = (
    <StrictMode>
      <App site={site} queryClient={queryClient} />
    </StrictMode>
  );
  if (shell) createRoot(root).render(app);
  else hydrateRoot(root, app);
}

void start();
