/**
 * For component tests (happy-dom): render a page as the app does (data, the seeded campaign content, a router
 * at a path, the toaster), answer its requests at the fetch boundary, and read what a person sees.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { render } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import { CampaignContentSchema } from '#shared/schemas/campaign.ts';
import { createQueryClient, followChanges } from './query-client.ts';
import { SiteProvider, type SiteData } from './campaign-context.tsx';
import Toaster from '#client/components/ui/toaster.tsx';

/** The seeded campaign (content/campaign.json; tests run from the repository's root), as the pages read it. */
export const seededContent = CampaignContentSchema.parse(
  JSON.parse(readFileSync(join(process.cwd(), 'content', 'campaign.json'), 'utf8')),
);

/** Renders `page` at `path` with the app's providers and the toaster; `location.history` records navigation. */
export function renderPage(
  page: ReactElement,
  { path = '/', site = {} }: { path?: string; site?: Partial<SiteData> } = {},
) {
  const [pathname = '/', search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const queryClient = createQueryClient();
  onTestFinished(followChanges(queryClient));
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SiteProvider site={{ content: seededContent, siteUrl: 'https://example.org', ...site }}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {page}
          <Toaster />
        </Router>
      </SiteProvider>
    </QueryClientProvider>,
  );
  return { ...view, location, queryClient };
}

/** A request as the page sent it. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/** A JSON answer with a status. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Replaces fetch: `answer` gets each request (method, path with query, parsed JSON body) and returns the
 * response, or undefined for a 404. Returns the requests sent, in order.
 */
export function answerRequests(answer: (request: SentRequest) => Response | Promise<Response> | undefined) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'https://example.org');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      const request = { method: init?.method ?? 'GET', path: `${url.pathname}${url.search}`, body };
      sent.push(request);
      return (await answer(request)) ?? json(404, { message: 'Not found' });
    }),
  );
  return sent;
}

/** What assistive technology reads as a control's description: its hint and its error, by aria-describedby. */
export function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}
