/**
 * /unsubscribe?token=: the link at the foot of every update mail. It asks before stopping, so a mail scanner
 * that opens links cannot unsubscribe anyone; no sign-in is needed.
 */
import { useSearch } from 'wouter';
import { useMutation } from '@tanstack/react-query';
import { INVALID_UPDATES_LINK } from '#shared/update-messages.ts';
import { errorMessage } from '#client/lib/api.ts';
import { unsubscribeFromUpdates } from '#client/api/email-updates.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { AccountShell } from './account-layout.tsx';
import { LinkOutcome } from './link-outcome.tsx';

export default function UnsubscribePage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const c = useCampaign();
  const stop = useMutation({ mutationFn: unsubscribeFromUpdates });

  if (!token || stop.isError)
    return (
      <LinkOutcome
        ok={false}
        title="Not Unsubscribed"
        message={stop.isError ? errorMessage(stop.error, INVALID_UPDATES_LINK) : INVALID_UPDATES_LINK}
      />
    );
  if (stop.isSuccess) return <LinkOutcome ok title="Unsubscribed" message={stop.data.message} />;
  return (
    <AccountShell
      title="Stop Email Updates"
      description={`Stop getting ${c.name}'s updates by email? You can ask for them again on the donate page.`}
    >
      <Button className="w-full" disabled={stop.isPending} onClick={() => stop.mutate(token)}>
        {stop.isPending ? 'Stopping…' : 'Stop email updates'}
      </Button>
    </AccountShell>
  );
}
