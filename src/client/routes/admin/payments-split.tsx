/** Splitting a US dollar inbox payment across campaigns: parts that must add up to it, each its own gift. */
import { useId, useState } from 'react';
import type { PaymentItem } from '#shared/schemas/payments.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { CampaignChooser, type CampaignChoice } from './payments-campaign-chooser.tsx';
import { paymentName } from './payments-decision.ts';
import { dollarsToCents, splitSummary, splitTotals } from './payments-model.ts';

/** Only a US dollar payment is split (its parts are dollar gifts). */
export const canSplit = (payment: PaymentItem) => payment.amount.currency === 'USD' && payment.kind === 'payment';

/** The button that opens and closes the split form. */
export function SplitToggle({ name, open, onToggle }: { name: string; open: boolean; onToggle: () => void }) {
  return (
    <Button variant="secondary" aria-expanded={open} aria-label={`Split ${name}`} onClick={onToggle}>
      Split…
    </Button>
  );
}

/** A part as she fills it in: no campaign of her own yet means the main appeal. */
interface Part {
  campaign: CampaignChoice | undefined;
  amount: string;
}

/** Split: parts with their campaign and amount, the sum shown as she types; sent only when it adds up. */
export function SplitForm({
  payment,
  mainAppeal,
  pending,
  onSplit,
  onCancel,
}: {
  payment: PaymentItem;
  mainAppeal: CampaignChoice | undefined;
  pending: boolean;
  onSplit: (parts: { campaignId: string; amount: number }[]) => void;
  onCancel: () => void;
}) {
  const [parts, setParts] = useState<Part[]>([
    { campaign: undefined, amount: '' },
    { campaign: undefined, amount: '' },
  ]);
  const sumId = useId();
  const totals = splitTotals(parts, payment.amount.cents);
  const chosen = parts.map((p) => p.campaign ?? mainAppeal);
  const ready = totals.complete && chosen.every(Boolean);
  const set = (i: number, part: Partial<Part>) => setParts(parts.map((p, j) => (j === i ? { ...p, ...part } : p)));
  return (
    <form
      noValidate
      aria-label={`Split ${paymentName(payment)}`}
      className="mt-3 space-y-3 rounded-xl border border-slate-200 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        onSplit(parts.map((p, i) => ({ campaignId: chosen[i]!.id, amount: (dollarsToCents(p.amount) ?? 0) / 100 })));
      }}
    >
      {parts.map((part, i) => (
        <fieldset key={i} className="grid gap-2 sm:grid-cols-2">
          <legend className="text-sm font-semibold text-slate-800">Part {i + 1}</legend>
          <CampaignChooser
            label={`Campaign of part ${i + 1}`}
            value={chosen[i]}
            onChange={(campaign) => set(i, { campaign })}
          />
          <TextField
            label={`Amount of part ${i + 1} (${payment.amount.currency})`}
            inputMode="decimal"
            aria-describedby={sumId}
            value={part.amount}
            onChange={(e) => set(i, { amount: e.target.value })}
          />
        </fieldset>
      ))}
      <p
        id={sumId}
        role="status"
        className={`text-sm font-semibold ${totals.left === 0 ? 'text-brand-800' : 'text-amber-900'}`}
      >
        {splitSummary(parts, payment.amount.cents)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={parts.length >= 20}
          onClick={() => setParts([...parts, { campaign: undefined, amount: '' }])}
        >
          Add a part
        </Button>
        {parts.length > 2 && (
          <Button variant="secondary" onClick={() => setParts(parts.slice(0, -1))}>
            Remove the last part
          </Button>
        )}
        <Button type="submit" disabled={pending || !ready}>
          {pending ? 'Splitting…' : 'Split and record'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
