/** /verify-email?token=: confirms the address once, on arrival, and says how it went. */
import { useSearch } from 'wouter';
import { useMutation } from '@tanstack/react-query';
import { INVALID_VERIFICATION_LINK } from '#shared/schemas/auth.ts';
import { errorMessage } from '#client/lib/api.ts';
import { verifyEmail } from '#client/api/auth.ts';
import { PageStatus } from '#client/components/page-status.tsx';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { useSendOnce } from '#client/hooks/use-send-once.ts';
import { LinkOutcome } from './link-outcome.tsx';

const INVALID_LINK = INVALID_VERIFICATION_LINK;

export default function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const { user } = useCurrentUser();
  const verify = useMutation({
    mutationFn: (t: string) => verifyEmail({ token: t }),
    // The reminder banner goes away for a signed-in visitor: the endpoint's `changes` read her account again.
  });
  useSendOnce(token, verify.mutate);

  if (token && (verify.isIdle || verify.isPending)) return <PageStatus>Confirming your email address…</PageStatus>;

  const ok = verify.isSuccess;
  return (
    <LinkOutcome
      ok={ok}
      title={ok ? 'Email Confirmed' : 'Email Not Confirmed'}
      message={ok ? verify.data.message : token ? errorMessage(verify.error, INVALID_LINK) : INVALID_LINK}
    >
      {!ok && user && !user.emailVerified && (
        <p className="mt-4 text-center text-sm text-slate-600">
          Use “Resend link” at the top of the page to get a new one.
        </p>
      )}
    </LinkOutcome>
  );
}
