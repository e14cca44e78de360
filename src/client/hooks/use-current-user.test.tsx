// @vitest-environment happy-dom
/**
 * A prerendered page is rendered signed out. When the current-user answer arrives before a part of the page
 * has hydrated (React hydrates Suspense boundaries after the shell, and the shell's effects start the
 * request), that part must still hydrate signed out, or React reports a hydration error and re-renders it.
 */
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import { CURRENT_USER_KEY, useCurrentUser } from './use-current-user.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Greeting() {
  const { user } = useCurrentUser();
  return <p>{user ? `Signed in as ${user.firstName}` : 'Join Community'}</p>;
}

function Page({ client }: { client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>
        <Greeting />
      </Suspense>
    </QueryClientProvider>
  );
}

const signedIn = { id: '00000000-0000-4000-8000-000000000001', firstName: 'Rosa' } as CurrentUser;

// The hook asks the server again once mounted; the test's server gives the same answer (nothing leaves the process).
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(signedIn), { headers: { 'content-type': 'application/json' } })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'signed_in=; max-age=0';
  document.body.innerHTML = '';
});

describe('useCurrentUser while a prerendered page hydrates', () => {
  it('hydrates signed out even when the signed-in answer is already there, then shows the signed-in view', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page client={new QueryClient()} />);
    document.body.append(container);
    expect(container.textContent).toBe('Join Community');

    document.cookie = 'signed_in=1';
    const client = new QueryClient();
    // The answer came back before this part hydrated.
    client.setQueryData(CURRENT_USER_KEY, signedIn);
    const hydrationErrors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page client={client} />, { onRecoverableError: (error) => hydrationErrors.push(error) });
    });

    expect(hydrationErrors).toEqual([]);
    expect(container.textContent).toBe('Signed in as Rosa');
  });
});
