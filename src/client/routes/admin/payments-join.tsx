/** Joining ticked inbox rows into one gift to a campaign (a donor who paid in parts). */
import { useState } from 'react';
import type { PaymentItem } from '#shared/schemas/payments.ts';
import { formatCents } from '#client/lib/format.ts';
import { joinPayments } from '#client/api/payments.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CampaignChooser, type CampaignChoice } from './payments-campaign-chooser.tsx';
import { useDecision } from './payments-decision.ts';
import { useStepUpRetry } from './payments-step-up.tsx';

/** The rows ticked for joining, with what she read of each. */
export type Selection = Map<string, PaymentItem>;

/** Join: the ticked rows become one gift to a campaign (the main appeal until she chooses another). */
export function JoinBar({
  selection,
  mainAppeal,
  onDone,
}: {
  selection: Selection;
  mainAppeal: CampaignChoice | undefined;
  onDone: () => void;
}) {
  const { ask, prompt } = useStepUpRetry('join these payments');
  const [chosen, setChosen] = useState<CampaignChoice | undefined>();
  const campaign = chosen ?? mainAppeal;
  const join = useDecision('Payments Joined and Recorded', joinPayments, ask);
  const rows = [...selection.values()];
  const total = rows.reduce((sum, p) => sum + p.amount.cents, 0);
  if (rows.length < 2)
    return <p className="mt-2 text-sm text-slate-600">Tick two or more payments to record them as one gift.</p>;
  return (
    <div className="mt-3 rounded-xl border border-brand-200 bg-brand-50 p-3" data-testid="join-bar">
      <p className="text-sm font-semibold text-ink" role="status">
        {rows.length} payments ticked, {formatCents(total)} together.
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <CampaignChooser
          className="min-w-56 sm:w-72"
          label="Join them as one gift to"
          value={campaign}
          onChange={setChosen}
        />
        <Button
          disabled={join.isPending || !campaign}
          onClick={() =>
            campaign &&
            join.mutate(
              { payments: rows.map((p) => ({ id: p.id, version: p.version })), campaignId: campaign.id },
              { onSuccess: onDone },
            )
          }
        >
          Join {rows.length} payments
        </Button>
      </div>
      {prompt}
    </div>
  );
}
