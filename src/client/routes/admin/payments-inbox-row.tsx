/**
 * One inbox payment: what the processor or statement said of it, why it waits, and its decisions (record to an
 * intent or a campaign, split, not a gift; the checkbox ticks it for joining). Every decision names the version
 * she read.
 */
import { useId, useState, type ReactNode } from 'react';
import { PAYMENT_SOURCE_NAMES, type PaymentItem } from '#shared/schemas/payments.ts';
import { formatCents, formatWhen } from '#client/lib/format.ts';
import type { CampaignChoice } from './payments-campaign-chooser.tsx';
import { paymentName, useRowDecisions } from './payments-decision.ts';
import { NotGiftAction } from './payments-not-gift.tsx';
import { RecordActions } from './payments-record.tsx';
import { canSplit, SplitForm, SplitToggle } from './payments-split.tsx';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="[overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </div>
  );
}

/** One inbox payment with its decisions. */
export function InboxRow({
  payment,
  mainAppeal,
  selected,
  onSelect,
}: {
  payment: PaymentItem;
  /** Where recording and splitting start, until she chooses another campaign. */
  mainAppeal: CampaignChoice | undefined;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const { record, split, notGift, prompt, pending } = useRowDecisions(payment);
  const [splitting, setSplitting] = useState(false);
  const name = paymentName(payment);
  const checkId = useId();

  return (
    <article aria-label={name} className="py-4" data-testid="inbox-row">
      <div className="flex items-start gap-3">
        <input
          id={checkId}
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
        <label htmlFor={checkId} className="text-base font-semibold text-ink">
          <span className="sr-only">Join </span>
          {name}
        </label>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Detail label="Amount">
          {formatCents(payment.amount.cents, payment.amount.currency)}
          {payment.kind !== 'payment' && ` (${payment.kind})`}
        </Detail>
        <Detail label="Fee">
          {payment.feeCents === null ? '—' : formatCents(payment.feeCents, payment.amount.currency)}
        </Detail>
        <Detail label="Source">{PAYMENT_SOURCE_NAMES[payment.source]}</Detail>
        <Detail label="Date">{formatWhen(payment.occurredAt)}</Detail>
        <Detail label="Reference or payer">
          {[payment.reference, payment.payerName, payment.payerEmail].filter(Boolean).join(' · ') || '—'}
        </Detail>
        {payment.note && <Detail label="Note">{payment.note}</Detail>}
      </dl>
      {payment.problem && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span className="font-semibold">Why it waits:</span> {payment.problem}
        </p>
      )}
      <div className="mt-3 space-y-3">
        <RecordActions
          payment={payment}
          name={name}
          mainAppeal={mainAppeal}
          pending={pending}
          onRecord={(input) => record.mutate(input)}
        >
          {canSplit(payment) && <SplitToggle name={name} open={splitting} onToggle={() => setSplitting(!splitting)} />}
          <NotGiftAction
            paymentId={payment.id}
            name={name}
            pending={pending}
            onMark={(reason, done) => notGift.mutate(reason, { onSuccess: done })}
          />
        </RecordActions>
        {splitting && (
          <SplitForm
            payment={payment}
            mainAppeal={mainAppeal}
            pending={split.isPending}
            onCancel={() => setSplitting(false)}
            onSplit={(parts) => split.mutate(parts)}
          />
        )}
        {prompt}
      </div>
    </article>
  );
}
