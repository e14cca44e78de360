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
import type { PAGE_ROUTES, PageRoute } from './routes.tsx';

/**
 * How a signed-out visitor is asked to sign in: 'redirect' sends her to /login at once (the account pages);
 * otherwise a page with this title and text and a Sign in link. `checking` is said while the session is looked up.
 */
type SignInView = 'redirect' | { title: string; text: string; checking?: string };

/** The pages any signed-in person may open (an admin page asks for an admin instead: AdminOnly). */
type SignedInPage = {
  [P in keyof typeof PAGE_ROUTES]: (typeof PAGE_ROUTES)[P] extends { access: 'user' } ? P : never;
}[keyof typeof PAGE_ROUTES];

/** Each such page says how a signed-out visitor is asked to sign in; a page missing here fails typecheck. */
const SIGN_IN: { readonly [P in SignedInPage]: SignInView } = {
  '/onboarding': 'redirect',
  '/profile': 'redirect',
  '/notifications': 'redirect',
  '/my-stories': {
    title: 'My Stories',
    text: 'Sign in to write your story, follow its review and choose whether it is shown publicly.',
  },
  '/my-stories/new': { title: 'Write Your Story', text: 'Sign in to write your story.' },
  '/my-stories/:id/edit': { title: 'Edit Your Story', text: 'Sign in to write your story.' },
  '/my-expenses': {
    title: 'Expenses',
    text: "Sign in to submit the campaign's expenses and follow their approval and payment.",
  },
  '/my-expenses/new': { title: 'Submit an Expense', text: 'Sign in to submit an expense for the campaign.' },
  '/my-fundraiser': {
    title: 'My Fundraiser',
    text: 'Sign in to raise funds for your treatment: write your application, follow its review and see its page.',
  },
  '/doctor-dashboard': {
    title: 'Please sign in',
    text: 'The doctor dashboard is for the medical professionals of our community.',
    checking: 'Checking your access…',
  },
  '/care-plan': {
    title: 'My Care Plan',
    text: 'Sign in to ask for rides, meals and company in the weeks after your surgery.',
  },
  '/care/:planId': { title: 'Care Plan', text: 'Sign in to see the dates she asked help for and choose one.' },
};

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
      <SignedInOnly signIn={SIGN_IN[route.path as SignedInPage]} returnTo={returnTo}>
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
