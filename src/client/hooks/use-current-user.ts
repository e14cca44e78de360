/** The signed-in user, or null when signed out (a 401 from GET /api/auth/user is an answer, not an error). */
import { useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import { ApiError } from '#client/lib/api.ts';
import { CURRENT_USER_KEY, getCurrentUser } from '#client/api/current-user.ts';

export { CURRENT_USER_KEY };

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await getCurrentUser();
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export interface CurrentUserState {
  /** Null when signed out, and while prerendering and hydrating, which render signed out. */
  user: CurrentUser | null;
  /** True while a signed-in visitor's first answer is awaited. */
  isLoading: boolean;
}

/** The server sets a readable `signed_in` cookie beside the session; without it there is no one to ask about. */
function maySignedIn(): boolean {
  return typeof document !== 'undefined' && /(?:^|;\s*)signed_in=1(?:;|$)/.test(document.cookie);
}

const neverChanges = () => () => {};

/**
 * False on the server and while React hydrates prerendered HTML (it reads the server snapshot then), true
 * after. React hydrates Suspense boundaries after the shell, whose effects already ask who is signed in:
 * an answer that arrives first must not change what a boundary hydrates, or it no longer matches the HTML.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

export function useCurrentUser(): CurrentUserState {
  const hydrated = useHydrated();
  const enabled = maySignedIn();
  const { data, isPending } = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    retry: false,
    enabled,
  });
  return { user: hydrated ? (data ?? null) : null, isLoading: enabled && isPending };
}

/**
 * After a change to the account (register, sign-in, role, onboarding, profile, deletion): shows the server's
 * answer at once. Reading it again is the write's own (each of those endpoints names 'session' in its `changes`).
 */
export function useRefreshCurrentUser(): (user: CurrentUser | null) => void {
  const queryClient = useQueryClient();
  return (user) => queryClient.setQueryData(CURRENT_USER_KEY, user);
}
