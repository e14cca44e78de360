/**
 * /confirm-updates?token=: a donor who asked for updates by email confirms her address. It asks for a press
 * first, so a mail scanner that opens links cannot confirm for her (nor spend her link).
 */
import { useSearch } from 'wouter';
import { useMutation } from '@tanstack/react-query';
import { INVALID_UPDATES_LINK } from '#shared/update-messages.ts';
import { errorMessage } from '#client/lib/api.ts';
import { confirmUpdates } from '#client/api/email-updates.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { AccountShell } from './account-layout.tsx';
import { LinkOutcome } from './link-outcome.tsx';

export default function ConfirmUpdatesPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const c = useCampaign();
  const confirm = useMutation({ mutationFn: confirmUpdates });

  if (!token || confirm.isError)
    return (
      <LinkOutcome
        ok={false}
        title="Updates Not Confirmed"
        message={confirm.isError ? errorMessage(confirm.error, INVALID_UPDATES_LINK) : INVALID_UPDATES_LINK}
      >
        <p className="mt-4 text-center text-sm text-slate-600">
          To get a new link, tick “Email me updates” on the donate page again.
        </p>
      </LinkOutcome>
    );
  if (confirm.isSuccess) return <LinkOutcome ok title="Updates Confirmed" message={confirm.data.message} />;
  return (
    <AccountShell
      title="Confirm Email Updates"
      description={`Get ${c.name}'s updates by email? Every update has a link to stop them.`}
    >
      <Button className="w-full" disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
        {confirm.isPending ? 'Confirming…' : 'Yes, email me the updates'}
      </Button>
    </AccountShell>
  );
}
