/**
 * /logout (where GET /api/logout leads): signing out is a POST made by the button here, so a link or image
 * on another site can never sign anyone out.
 */
import { Link } from 'wouter';
import { LogOut } from 'lucide-react';
import { errorMessage } from '#client/lib/api.ts';
import { useSignOut } from '#client/hooks/use-sign-out.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { FormAlert } from '#client/components/ui/field.tsx';
import { PageStatus } from '#client/components/page-status.tsx';
import { AccountShell } from './account-layout.tsx';

export default function LogoutPage() {
  const { user, isLoading } = useCurrentUser();
  const signOut = useSignOut();

  if (isLoading) return <PageStatus>Checking your session…</PageStatus>;
  if (!user) {
    return (
      <AccountShell title="You Are Signed Out">
        <p className="text-center text-slate-700">No one is signed in on this browser.</p>
        <Link href="/" className={buttonClass('primary', 'md', 'mt-6 w-full')}>
          Go to the home page
        </Link>
      </AccountShell>
    );
  }
  return (
    <AccountShell title="Sign Out" description={`You are signed in as ${user.firstName} ${user.lastName}.`}>
      {signOut.isError && (
        <FormAlert>{errorMessage(signOut.error, 'We could not sign you out. Please try again.')}</FormAlert>
      )}
      <Button className="w-full" size="lg" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        <LogOut aria-hidden="true" className="h-4 w-4" />
        {signOut.isPending ? 'Signing out…' : 'Sign Out'}
      </Button>
      <Link href="/" className={buttonClass('secondary', 'md', 'mt-3 w-full')}>
        Stay signed in
      </Link>
    </AccountShell>
  );
}
