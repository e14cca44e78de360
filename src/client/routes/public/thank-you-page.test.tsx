// @vitest-environment happy-dom
/** The thank-you page: which gift it checks, what it says for each answer, and how it asks again until it is counted. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import type { GiftStatus } from '#shared/schemas/donation.ts';
import { answerRequests, json, renderPage, type SentRequest } from '#client/lib/test-page.tsx';
import { createQueryClient } from '#client/lib/query-client.ts';
import { rememberReference } from '#client/lib/gift-reference.ts';
import ThankYouPage, { nextPollMs, referenceToCheck, STATUS_POLL_MS } from './thank-you-page.tsx';

const FUNDRAISER = { name: 'Excision surgery for Maya', path: '/fundraisers/excision-surgery-for-maya' };
const answer = (status: GiftStatus['status']): GiftStatus => ({ reference: 'HC-7KQ3', status, campaign: FUNDRAISER });

let sent: SentRequest[];
/** The server's answers to the status call, in turn (the last one repeats). */
let answers: (() => Response)[];
beforeEach(() => {
  answers = [() => json(200, answer('waiting'))];
  sent = answerRequests(({ path }) => {
    if (!path.startsWith('/api/gift-status/')) return undefined;
    const asked = sent.filter((r) => r.path.startsWith('/api/gift-status/')).length;
    return answers[Math.min(asked, answers.length) - 1]!();
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const said = () => screen.getByRole('status').textContent;
const statusCalls = () => sent.filter((r) => r.path.startsWith('/api/gift-status/')).map((r) => r.path);

describe('which gift the thank-you page checks', () => {
  it('takes the reference in the address, in either case, over the one remembered', () => {
    rememberReference('HC-AAAA');
    expect(referenceToCheck('ref=HC-7KQ3')).toBe('HC-7KQ3');
    expect(referenceToCheck('ref=hc-7kq3%20')).toBe('HC-7KQ3');
  });

  it('takes the one remembered on the donate page when the address names none', () => {
    expect(referenceToCheck('')).toBeNull();
    rememberReference('HC-AAAA');
    expect(referenceToCheck('')).toBe('HC-AAAA');
    expect(referenceToCheck('ref=')).toBe('HC-AAAA');
  });

  it('checks nothing for an address whose ref is not a reference', () => {
    rememberReference('HC-AAAA');
    expect(referenceToCheck('ref=Call%20us%20now')).toBeNull();
    expect(referenceToCheck('ref=HC-0O1I')).toBeNull();
  });
});

describe('how often it asks', () => {
  it('waits 3 s after the first answer, half as long again after each next one, and at most 30 s', () => {
    expect(STATUS_POLL_MS).toEqual({ first: 3000, growth: 1.5, max: 30_000 });
    expect([1, 2, 3, 4].map(nextPollMs)).toEqual([3000, 4500, 6750, 10_125]);
    expect(nextPollMs(20)).toBe(30_000);
  });
});

describe('the thank-you page', () => {
  it('renders on the server (and so in the prerendered HTML) only "Checking your gift…", whatever the address says', () => {
    rememberReference('HC-7KQ3');
    const html = renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <Router ssrPath="/thank-you" ssrSearch="ref=HC-7KQ3">
          <ThankYouPage />
        </Router>
      </QueryClientProvider>,
    );
    expect(html).toContain('Checking your gift…');
    expect(html).not.toContain('HC-7KQ3');
  });

  it('says a counted gift is counted in its campaign’s progress, with a link to the campaign', async () => {
    answers = [() => json(200, answer('counted'))];
    renderPage(<ThankYouPage />, { path: '/thank-you?ref=HC-7KQ3' });

    await waitFor(() => expect(said()).toContain('Thank you!'));
    expect(said()).toBe(
      'Thank you! Your gift (HC-7KQ3) is counted in Excision surgery for Maya’s progress.See Excision surgery for Maya’s progress',
    );
    expect(screen.getByRole('link', { name: 'See Excision surgery for Maya’s progress' }).getAttribute('href')).toBe(
      FUNDRAISER.path,
    );
    expect(statusCalls()).toEqual(['/api/gift-status/HC-7KQ3']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank You');
  });

  it('checks the gift remembered on the donate page when the address names none', async () => {
    rememberReference('HC-AAAA');
    renderPage(<ThankYouPage />, { path: '/thank-you' });
    await waitFor(() => expect(said()).toContain('yet'));
    expect(statusCalls()).toEqual(['/api/gift-status/HC-AAAA']);
  });

  it('says it is waiting, asks again with growing waits, and says so in the live region once the gift is counted', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers = [
      () => json(200, answer('waiting')),
      () => json(200, answer('waiting')),
      () => json(200, answer('counted')),
    ];
    renderPage(<ThankYouPage />, { path: '/thank-you?ref=HC-7KQ3' });
    expect(said()).toBe('Checking your gift (HC-7KQ3)…');
    await waitFor(() =>
      expect(said()).toBe('We haven’t received word of your gift (HC-7KQ3) yet. This page updates by itself.'),
    );

    await act(() => vi.advanceTimersByTimeAsync(nextPollMs(1)));
    expect(statusCalls()).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(nextPollMs(2) - 100));
    expect(statusCalls()).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(statusCalls()).toHaveLength(3);
    await waitFor(() => expect(said()).toContain('is counted in Excision surgery for Maya’s progress'));

    // Counted: it stops asking.
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS.max * 2));
    expect(statusCalls()).toHaveLength(3);
  });

  it('says a refunded gift is not counted, and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers = [() => json(200, answer('refunded'))];
    renderPage(<ThankYouPage />, { path: '/thank-you?ref=HC-7KQ3' });
    await waitFor(() => expect(said()).toContain('refunded'));
    expect(said()).toBe(
      'Your gift (HC-7KQ3) was refunded, so it is not counted in Excision surgery for Maya’s progress.Questions about it? Write to us',
    );
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS.max * 2));
    expect(statusCalls()).toHaveLength(1);
  });

  it('says kindly that it knows no gift of that reference, links to the donate page, and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers = [() => json(404, { message: 'No such gift', code: 'NOT_FOUND' })];
    renderPage(<ThankYouPage />, { path: '/thank-you?ref=HC-7KQ3' });
    await waitFor(() => expect(said()).toContain('We could not find a gift with the reference HC-7KQ3.'));
    expect(screen.getByRole('link', { name: 'Go to the donate page' }).getAttribute('href')).toBe('/donate');
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS.max * 2));
    expect(statusCalls()).toHaveLength(1);
  });

  it('asks nothing without a reference, and says so kindly with a link to the donate page', () => {
    renderPage(<ThankYouPage />, { path: '/thank-you' });
    expect(said()).toContain('it has no gift reference to look up on this device');
    expect(said()).toContain('If you gave, thank you!');
    expect(screen.getByRole('link', { name: 'Go to the donate page' }).getAttribute('href')).toBe('/donate');
    expect(statusCalls()).toEqual([]);
  });

  it('says it could not check when the server fails, and tries again by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers = [
      () => json(503, { message: 'Service unavailable', code: 'UNAVAILABLE' }),
      () => json(200, answer('waiting')),
    ];
    renderPage(<ThankYouPage />, { path: '/thank-you?ref=HC-7KQ3' });
    await waitFor(() =>
      expect(said()).toBe('We could not check your gift (HC-7KQ3) just now. This page tries again by itself.'),
    );
    await act(() => vi.advanceTimersByTimeAsync(nextPollMs(1)));
    await waitFor(() => expect(said()).toContain('We haven’t received word of your gift (HC-7KQ3) yet.'));
  });

  it('links to a campaign only at a path of this site', async () => {
    answers = [() => json(200, { ...answer('counted'), campaign: { name: 'Elsewhere', path: '//evil.example/x' } })];
    renderPage(<ThankYouPage />, { path: '/thank-you?ref=HC-7KQ3' });
    await waitFor(() => expect(said()).toContain('is counted in Elsewhere’s progress'));
    expect(screen.queryByRole('link', { name: /Elsewhere/ })).toBeNull();
  });
});
