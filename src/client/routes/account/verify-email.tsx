/** /verify-email?token=: confirms the address once, on arrival, and says how it went. */
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { INVALID_VERIFICATION_LINK } from '#shared/schemas/auth.ts';
import { errorMessage } from '#client/lib/api.ts';
import { verifyEmail } from '#client/api/auth.ts';
import { PageStatus } from '#client/components/page-layout.tsx';
import { useCurrentUser, useRefreshCurrentUser } from '#client/hooks/use-current-user.ts';
import { buttonClass } from '#client/components/ui/button.tsx';
import { AccountShell } from './account-layout.tsx';

const INVALID_LINK = INVALID_VERIFICATION_LINK;

export default function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const { user } = useCurrentUser();
  const refreshUser = useRefreshCurrentUser();
  const verify = useMutation({
    mutationFn: (t: string) => verifyEmail({ token: t }),
    // The reminder banner goes away for a signed-in visitor.
    onSuccess: () => refreshUser(),
  });
  const sent = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    // Once: a second post of the same (now spent) token would report a failure.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  if (token && (verify.isIdle || verify.isPending)) return <PageStatus>Confirming your email address…</PageStatus>;

  const ok = verify.isSuccess;
  return (
    <AccountShell title={ok ? 'Email Confirmed' : 'Email Not Confirmed'} focusTitle>
      <div role={ok ? 'status' : 'alert'} className="text-center">
        {ok ? (
          <CircleCheck aria-hidden="true" className="mx-auto h-12 w-12 text-green-700" />
        ) : (
          <CircleAlert aria-hidden="true" className="mx-auto h-12 w-12 text-red-700" />
        )}
        <p className="mt-4 text-slate-700">
          {ok ? verify.data.message : token ? errorMessage(verify.error, INVALID_LINK) : INVALID_LINK}
        </p>
      </div>
      {!ok && user && !user.emailVerified && (
        <p className="mt-4 text-center text-sm text-slate-600">
          Use “Resend link” at the top of the page to get a new one.
        </p>
      )}
      <Link href="/" className={buttonClass('primary', 'md', 'mt-6 w-full')}>
        Go to the home page
      </Link>
    </AccountShell>
  );
}
