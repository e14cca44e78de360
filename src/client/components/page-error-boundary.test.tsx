// @vitest-environment happy-dom
/** A page that throws shows an apology, a retry and a way home in the site's frame, and reports one line. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { PageErrorBoundary } from './page-error-boundary.tsx';

function Broken(): never {
  throw new TypeError('cannot read the story of undefined');
}

let sent: { url: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(null, { status: 204 });
    }),
  );
  // React reports the caught error on the console as well; the test reads what the visitor sees instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  window.history.replaceState(null, '', '/stories/0b7c6a9e-3f1d-4c2a-9e8b-1d2c3b4a5f60');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a page that fails while rendering', () => {
  it('shows an apology with a retry and a link home, instead of a blank page', () => {
    render(
      <PageErrorBoundary>
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Sorry, this page did not load');
    expect(screen.getByRole('link', { name: 'try again' }).getAttribute('href')).toBe(window.location.href);
    expect(screen.getByRole('link', { name: 'the home page' }).getAttribute('href')).toBe('/');
  });

  it("reports the kind, the page's pattern and the error's name, never its message or the record's id", () => {
    render(
      <PageErrorBoundary>
        <Broken />
      </PageErrorBoundary>,
    );
    expect(sent).toEqual([
      { url: '/api/client-errors', body: { kind: 'render', page: '/stories/:id', name: 'TypeError' } },
    ]);
    expect(JSON.stringify(sent)).not.toContain('undefined');
  });

  it('renders the page itself when nothing fails, and reports nothing', () => {
    render(
      <PageErrorBoundary>
        <p>The story</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByText('The story')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent).toEqual([]);
  });
});
