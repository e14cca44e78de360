/** /confirm-updates?token=: a donor who asked for updates by email confirms her address, once, on arrival. */
import { useSearch } from 'wouter';
import { useMutation } from '@tanstack/react-query';
import { INVALID_UPDATES_LINK } from '#shared/update-messages.ts';
import { errorMessage } from '#client/lib/api.ts';
import { confirmUpdates } from '#client/api/campaign.ts';
import { PageStatus } from '#client/components/page-layout.tsx';
import { useSendOnce } from '#client/hooks/use-send-once.ts';
import { LinkOutcome } from './link-outcome.tsx';

export default function ConfirmUpdatesPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const confirm = useMutation({ mutationFn: confirmUpdates });
  useSendOnce(token, confirm.mutate);

  if (token && (confirm.isIdle || confirm.isPending)) return <PageStatus>Confirming your email address…</PageStatus>;
  const ok = confirm.isSuccess;
  return (
    <LinkOutcome
      ok={ok}
      title={ok ? 'Updates Confirmed' : 'Updates Not Confirmed'}
      message={
        ok ? confirm.data.message : token ? errorMessage(confirm.error, INVALID_UPDATES_LINK) : INVALID_UPDATES_LINK
      }
    >
      {!ok && (
        <p className="mt-4 text-center text-sm text-slate-600">
          To get a new link, tick “Email me updates” on the donate page again.
        </p>
      )}
    </LinkOutcome>
  );
}
