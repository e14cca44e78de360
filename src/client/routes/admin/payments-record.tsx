/**
 * Recording an inbox payment as one gift: to a suggested intent in one click, or to a campaign she chooses; a
 * payment in another currency first needs the US dollars it came to.
 */
import { useState, type ReactNode } from 'react';
import type { PaymentItem, RecordPaymentInput } from '#shared/schemas/payments.ts';
import { formatCents } from '#client/lib/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { CampaignChooser, type CampaignChoice } from './payments-campaign-chooser.tsx';
import { candidateLabel, dollarsToCents } from './payments-model.ts';

interface Usd {
  amount: string;
  fee: string;
}

/** "US dollars received" and its fee, asked only for a payment in another currency. */
function UsdFields({ payment, usd, onChange }: { payment: PaymentItem; usd: Usd; onChange: (usd: Usd) => void }) {
  if (payment.amount.currency === 'USD') return null;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        label={`US dollars received (for ${formatCents(payment.amount.cents, payment.amount.currency)})`}
        inputMode="decimal"
        value={usd.amount}
        onChange={(e) => onChange({ ...usd, amount: e.target.value })}
      />
      {payment.feeCents !== null && (
        <TextField
          label="US dollar fee"
          inputMode="decimal"
          value={usd.fee}
          onChange={(e) => onChange({ ...usd, fee: e.target.value })}
        />
      )}
    </div>
  );
}

/** The US dollars of a non-USD payment, as the record call takes them; null: she has not given them yet. */
function usdInput(payment: PaymentItem, usd: Usd) {
  if (payment.amount.currency === 'USD') return {};
  const amount = dollarsToCents(usd.amount);
  const fee = payment.feeCents === null ? 0 : dollarsToCents(usd.fee);
  if (amount === null || amount === 0 || fee === null) return null;
  return { usdAmount: amount / 100, ...(payment.feeCents === null ? {} : { usdFee: fee / 100 }) };
}

/**
 * The US dollars (when asked), the suggested intents, and the campaign chooser with its button; `children` are the
 * row's other decisions, on the same line.
 */
export function RecordActions({
  payment,
  name,
  mainAppeal,
  pending,
  onRecord,
  children,
}: {
  payment: PaymentItem;
  name: string;
  mainAppeal: CampaignChoice | undefined;
  pending: boolean;
  onRecord: (input: RecordPaymentInput) => void;
  children: ReactNode;
}) {
  const [chosen, setChosen] = useState<CampaignChoice | undefined>();
  const [usd, setUsd] = useState<Usd>({ amount: '', fee: '' });
  // The campaign its reference named, else the main appeal, until she chooses one.
  const named = payment.campaign && { ...payment.campaign, mainAppeal: payment.campaign.id === mainAppeal?.id };
  const campaign = chosen ?? named ?? mainAppeal;

  const recordTo = (target: { intentId: string } | { campaignId: string }) => {
    const dollars = usdInput(payment, usd);
    if (dollars === null) {
      toast({
        title: 'US Dollars Needed',
        description: `Give the US dollars this ${payment.amount.currency} payment came to first.`,
        variant: 'destructive',
      });
      return;
    }
    onRecord({ version: payment.version, ...target, ...dollars });
  };

  return (
    <>
      <UsdFields payment={payment} usd={usd} onChange={setUsd} />
      {payment.candidates.length > 0 && (
        <ul aria-label={`Suggested intents for ${name}`} className="flex flex-col gap-2">
          {payment.candidates.map((c) => (
            <li key={c.intentId}>
              <Button
                className="h-auto min-h-10 w-full py-2 text-left sm:w-auto"
                disabled={pending}
                onClick={() => recordTo({ intentId: c.intentId })}
              >
                {candidateLabel(c)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <CampaignChooser
          className="min-w-56 flex-1 sm:w-72 sm:flex-none"
          label={`Record ${name} to a campaign`}
          value={campaign}
          onChange={setChosen}
        />
        <Button
          variant="secondary"
          disabled={pending || !campaign}
          onClick={() => campaign && recordTo({ campaignId: campaign.id })}
        >
          Record to this campaign
        </Button>
        {children}
      </div>
    </>
  );
}
