/**
 * The page table's access (src/shared/routes.ts), applied once where each page renders (app.tsx, through
 * AccessGate in routes.tsx): a page for signed-in people or for admins renders only for them, and everyone else
 * gets the view the pages used to pick themselves (checking, sign in, no access, two-step sign-in needed).
 * Nothing here is a security boundary: the server checks every call again.
 */
import { createContext, use, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { SignInPrompt } from '#client/components/page-layout.tsx';
import { PageStatus } from '#client/components/page-status.tsx';
import { AdminOnly } from './routes/admin/admin-access.tsx';
import type { PageRoute, SignInView } from './routes.tsx';

const PageUserContext = createContext<CurrentUser | null>(null);

/** The signed-in person, on a page whose access is 'user' or an admin level (the gate renders it only for them). */
export function usePageUser(): CurrentUser {
  const user = use(PageUserContext);
  if (!user) throw new Error('usePageUser: this page is public in the page table, so nobody is known to be signed in');
  return user;
}

/** Sends a signed-out visitor to /login, to come back to `returnTo` once signed in. */
function RedirectToSignIn({ returnTo }: { returnTo: string }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    navigate(`/login?returnTo=${encodeURIComponent(returnTo)}`, { replace: true });
  }, [navigate, returnTo]);
  return <PageStatus>Loading…</PageStatus>;
}

function SignedInOnly({ signIn, returnTo, children }: { signIn: SignInView; returnTo: string; children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageStatus>{(signIn !== 'redirect' && signIn.checking) || 'Loading…'}</PageStatus>;
  if (!user) {
    if (signIn === 'redirect') return <RedirectToSignIn returnTo={returnTo} />;
    return <SignInPrompt title={signIn.title} text={signIn.text} returnTo={returnTo} />;
  }
  return <PageUserContext value={user}>{children}</PageUserContext>;
}

/** The page for whom its access lets in; the loading, sign-in, no-access or two-step view for anyone else. */
export function PageAccessGate({ route, children }: { route: PageRoute; children: ReactNode }) {
  const [returnTo] = useLocation();
  const { access } = route;
  if (access === 'public') return children;
  if (access === 'user') {
    return (
      <SignedInOnly signIn={route.signIn ?? 'redirect'} returnTo={returnTo}>
        {children}
      </SignedInOnly>
    );
  }
  return (
    <AdminOnly minimum={access.admin} returnTo={returnTo}>
      {(user) => <PageUserContext value={user}>{children}</PageUserContext>}
    </AdminOnly>
  );
}
