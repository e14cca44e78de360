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
  // The page's code must be here before hydrating, or the first render would not match the HTML.
  await loadPage(matchPage(window.location.pathname));
  const queryClient = createQueryClient();
  // A server-rendered page carries the answers it was rendered from: the first render shows the same.
  const pageData = document.getElementById('page-data')?.textContent;
  if (pageData) hydrate(queryClient, JSON.parse(pageData));
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App site={site} queryClient={queryClient} />
    </StrictMode>
  );
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();
