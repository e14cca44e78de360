/**
 * Who may see an admin page, decided in the browser only to pick the right view: the server checks every
 * admin call again (DESIGN.md section 4), so nothing here is a security boundary.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { admits } from '#shared/auth/access.ts';
import type { AdminLevel } from '#shared/auth/roles.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { logout } from '#client/api/auth.ts';
import { PageStatus } from '#client/components/page-status.tsx';

export type AdminAccess =
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'denied'; user: CurrentUser }
  | { state: 'second-factor-needed'; user: CurrentUser }
  | { state: 'allowed'; user: CurrentUser };

/** The current visitor's access to an admin page needing at least `minimum`. */
export function useAdminAccess(minimum: AdminLevel): AdminAccess {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return { state: 'loading' };
  if (!user) return { state: 'signed-out' };
  if (!admits({ admin: minimum }, user)) return { state: 'denied', user };
  if (!user.twoFactorVerified) return { state: 'second-factor-needed', user };
  return { state: 'allowed', user };
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:py-20">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
      {children}
    </div>
  );
}

/** A neutral status while the signed-in user is looked up: never a flash of admin UI. */
export function AccessChecking() {
  return <PageStatus>Checking your access…</PageStatus>;
}

export function SignInRequired({ returnTo }: { returnTo: string }) {
  return (
    <Notice title="Please sign in">
      <p className="mt-4 text-slate-700">
        This page is for the site&apos;s administrators. Sign in with an administrator account to continue.
      </p>
      <Link href={`/login?returnTo=${encodeURIComponent(returnTo)}`} className={buttonClass('primary', 'lg', 'mt-8')}>
        Sign in
      </Link>
    </Notice>
  );
}

export function NoAccess() {
  return (
    <Notice title="No access">
      <p className="mt-4 text-slate-700">
        Your account does not have permission to open this page. If you think it should, ask a super admin to check your
        administrator level.
      </p>
      <Link href="/" className={buttonClass('primary', 'lg', 'mt-8')}>
        Back to Home
      </Link>
    </Notice>
  );
}

async function signOutThenSignIn(returnTo: string) {
  await logout();
  window.location.assign(`/login?returnTo=${encodeURIComponent(returnTo)}`);
}

/** Admins need two-step sign-in on, and proved in this session, before any admin page answers. */
export function SecondFactorNeeded({ user, returnTo }: { user: CurrentUser; returnTo: string }) {
  if (!user.twoFactorEnabled) {
    return (
      <Notice title="Turn on two-step sign-in">
        <p className="mt-4 text-slate-700">
          Administrators sign in with a code from an authenticator app as well as a password. Set it up on your profile,
          then come back to this page.
        </p>
        <Link href="/profile#two-step" className={buttonClass('primary', 'lg', 'mt-8')}>
          Set up two-step sign-in
        </Link>
      </Notice>
    );
  }
  return (
    <Notice title="Sign in with your code">
      <p className="mt-4 text-slate-700">
        This session was started without your authenticator code. Sign out and sign in again with it to use the admin
        pages.
      </p>
      <Button size="lg" className="mt-8" onClick={() => void signOutThenSignIn(returnTo)}>
        Sign in again
      </Button>
    </Notice>
  );
}

/**
 * Renders `children` only for an admin of at least `minimum`; the loading, sign-in and no-access views otherwise.
 * The page table's gate (src/client/page-access.tsx) wraps every admin page in it.
 */
export function AdminOnly({
  minimum,
  returnTo,
  children,
}: {
  minimum: AdminLevel;
  returnTo: string;
  children: (user: CurrentUser) => ReactNode;
}) {
  const access = useAdminAccess(minimum);
  switch (access.state) {
    case 'loading':
      return <AccessChecking />;
    case 'signed-out':
      return <SignInRequired returnTo={returnTo} />;
    case 'denied':
      return <NoAccess />;
    case 'second-factor-needed':
      return <SecondFactorNeeded user={access.user} returnTo={returnTo} />;
    case 'allowed':
      return <>{children(access.user)}</>;
  }
}
