/**
 * The reconciliation inbox: payments nobody could match, oldest first. Per row the manager records it to a
 * suggested intent in one click, to a campaign, splits it across campaigns, joins it with others, or marks it as no
 * gift. Every decision names the version she read; a 409 reloads the row (it changed meanwhile).
 */
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NotGiftSchema,
  PAYMENT_SOURCE_NAMES,
  type PaymentItem,
  type PaymentsOverview,
} from '#shared/schemas/payments.ts';
import { errorMessage } from '#client/lib/api.ts';
import { isStale } from '#client/lib/stale.ts';
import { formatCents, formatWhen } from '#client/lib/format.ts';
import { joinPayments, markNotGift, recordPayment, refreshPayments, splitPayment } from '#client/api/payments.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { SelectField, TextField } from '#client/components/ui/field.tsx';
import { ReasonToggle } from '#client/components/ui/reason-toggle.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { ListBody, ListPager, type ListQuery } from './list-body.tsx';
import { candidateLabel, dollarsToCents, splitSummary, splitTotals } from './payments-model.ts';
import { useStepUpRetry } from './payments-step-up.tsx';

/** A campaign a payment may be recorded to without an intent. */
export interface CampaignOption {
  id: string;
  name: string;
}

const NOT_GIFT_REASON = NotGiftSchema.pick({ reason: true });

export const paymentName = (p: PaymentItem) =>
  `${formatCents(p.amount.cents, p.amount.currency)} from ${p.payerName ?? p.reference ?? PAYMENT_SOURCE_NAMES[p.source]}`;

/** A decision's toast and refresh: done, or why not (a 409: the row changed and is read again). */
function useDecision<V>(
  title: string,
  act: (input: V) => Promise<unknown>,
  ask: (err: unknown, again: () => void) => boolean,
) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: act,
    onSuccess: async () => {
      toast({ title });
      await refreshPayments(queryClient);
    },
    onError: (err, input) => {
      if (ask(err, () => mutation.mutate(input))) return;
      if (isStale(err)) {
        toast({
          title: 'Changed Since You Read It',
          description: 'Someone decided on this payment meanwhile: the inbox shows it as it is now.',
          variant: 'destructive',
        });
        void refreshPayments(queryClient);
        return;
      }
      toast({ title: 'Not Saved', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    },
  });
  return mutation;
}

/** "US dollars received" and its fee, asked only for a payment in another currency. */
function UsdFields({
  payment,
  usd,
  onChange,
}: {
  payment: PaymentItem;
  usd: { amount: string; fee: string };
  onChange: (usd: { amount: string; fee: string }) => void;
}) {
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
function usdInput(payment: PaymentItem, usd: { amount: string; fee: string }) {
  if (payment.amount.currency === 'USD') return {};
  const amount = dollarsToCents(usd.amount);
  const fee = payment.feeCents === null ? 0 : dollarsToCents(usd.fee);
  if (amount === null || amount === 0 || fee === null) return null;
  return { usdAmount: amount / 100, ...(payment.feeCents === null ? {} : { usdFee: fee / 100 }) };
}

/** Split: parts with their campaign and amount, the sum shown as she types; sent only when it adds up. */
function SplitForm({
  payment,
  campaigns,
  pending,
  onSplit,
  onCancel,
}: {
  payment: PaymentItem;
  campaigns: CampaignOption[];
  pending: boolean;
  onSplit: (parts: { campaignId: string; amount: number }[]) => void;
  onCancel: () => void;
}) {
  const first = campaigns[0]?.id ?? '';
  const [parts, setParts] = useState([
    { campaignId: first, amount: '' },
    { campaignId: first, amount: '' },
  ]);
  const sumId = useId();
  const totals = splitTotals(parts, payment.amount.cents);
  const set = (i: number, part: Partial<(typeof parts)[number]>) =>
    setParts(parts.map((p, j) => (j === i ? { ...p, ...part } : p)));
  return (
    <form
      noValidate
      aria-label={`Split ${paymentName(payment)}`}
      className="mt-3 space-y-3 rounded-xl border border-slate-200 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!totals.complete) return;
        onSplit(parts.map((p) => ({ campaignId: p.campaignId, amount: (dollarsToCents(p.amount) ?? 0) / 100 })));
      }}
    >
      {parts.map((part, i) => (
        <fieldset key={i} className="grid gap-2 sm:grid-cols-2">
          <legend className="text-sm font-semibold text-slate-800">Part {i + 1}</legend>
          <SelectField
            label={`Campaign of part ${i + 1}`}
            value={part.campaignId}
            onChange={(e) => set(i, { campaignId: e.target.value })}
          >
            {campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
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
          onClick={() => setParts([...parts, { campaignId: first, amount: '' }])}
        >
          Add a part
        </Button>
        {parts.length > 2 && (
          <Button variant="secondary" onClick={() => setParts(parts.slice(0, -1))}>
            Remove the last part
          </Button>
        )}
        <Button type="submit" disabled={pending || !totals.complete}>
          {pending ? 'Splitting…' : 'Split and record'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

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
  campaigns,
  selected,
  onSelect,
}: {
  payment: PaymentItem;
  campaigns: CampaignOption[];
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const { ask, prompt } = useStepUpRetry('record this payment');
  const record = useDecision(
    'Payment Recorded',
    (input: Parameters<typeof recordPayment>[1]) => recordPayment(payment.id, input),
    ask,
  );
  const split = useDecision(
    'Payment Split and Recorded',
    (parts: { campaignId: string; amount: number }[]) => splitPayment(payment.id, { version: payment.version, parts }),
    ask,
  );
  const notGift = useDecision(
    'Marked as Not a Gift',
    (reason: string) => markNotGift(payment.id, { version: payment.version, reason }),
    () => false,
  );
  const [campaignId, setCampaignId] = useState(payment.campaign?.id ?? campaigns[0]?.id ?? '');
  const [usd, setUsd] = useState({ amount: '', fee: '' });
  const [splitting, setSplitting] = useState(false);
  const pending = record.isPending || split.isPending || notGift.isPending;
  const name = paymentName(payment);
  const checkId = useId();

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
    record.mutate({ version: payment.version, ...target, ...dollars });
  };

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
          <div className="min-w-56 flex-1 sm:flex-none">
            <SelectField
              label={`Record ${name} to a campaign`}
              value={campaignId}
              onChange={(e) => setCampaignId(e.target.value)}
            >
              {campaigns.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
          </div>
          <Button variant="secondary" disabled={pending || !campaignId} onClick={() => recordTo({ campaignId })}>
            Record to this campaign
          </Button>
          {payment.amount.currency === 'USD' && payment.kind === 'payment' && (
            <Button
              variant="secondary"
              aria-expanded={splitting}
              aria-label={`Split ${name}`}
              onClick={() => setSplitting(!splitting)}
            >
              Split…
            </Button>
          )}
          <ReasonToggle
            label="Not a gift"
            accessibleName={`${name} is not a gift`}
            formId={`not-gift-${payment.id}`}
            reasonLabel="Why it is not a gift"
            max={500}
            schema={NOT_GIFT_REASON}
            submitLabel="Mark as not a gift"
            pendingLabel="Saving…"
            pending={pending}
            onSubmit={({ reason }, done) => notGift.mutate(reason, { onSuccess: done })}
          />
        </div>
        {splitting && (
          <SplitForm
            payment={payment}
            campaigns={campaigns}
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

/** The rows ticked for joining, with what she read of each. */
export type Selection = Map<string, PaymentItem>;

/** Join: the ticked rows become one gift to a campaign. */
function JoinBar({
  selection,
  campaigns,
  onDone,
}: {
  selection: Selection;
  campaigns: CampaignOption[];
  onDone: () => void;
}) {
  const { ask, prompt } = useStepUpRetry('join these payments');
  const [campaignId, setCampaignId] = useState(campaigns[0]?.id ?? '');
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
        <div className="min-w-56">
          <SelectField
            label="Join them as one gift to"
            value={campaignId}
            onChange={(e) => setCampaignId(e.target.value)}
          >
            {campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        </div>
        <Button
          disabled={join.isPending || !campaignId}
          onClick={() =>
            join.mutate(
              { payments: rows.map((p) => ({ id: p.id, version: p.version })), campaignId },
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

/** The counts by age: the ones older than two days stand out. */
function InboxAges({ inbox }: { inbox: PaymentsOverview['inbox'] | undefined }) {
  const figure = (n: number | undefined) => (n === undefined ? '…' : String(n));
  const old = (inbox?.olderThanTwoDays ?? 0) > 0;
  return (
    <dl
      className="mt-4 grid grid-cols-3 gap-2 text-center"
      aria-label="Waiting payments by age"
      data-testid="inbox-ages"
    >
      <div className="rounded-xl border border-slate-200 p-3">
        <dt className="text-sm text-slate-700">Under a day</dt>
        <dd className="text-2xl font-bold text-brand-800">{figure(inbox?.underADay)}</dd>
      </div>
      <div className="rounded-xl border border-slate-200 p-3">
        <dt className="text-sm text-slate-700">1–2 days</dt>
        <dd className="text-2xl font-bold text-brand-800">{figure(inbox?.oneToTwoDays)}</dd>
      </div>
      <div className={`rounded-xl border p-3 ${old ? 'border-amber-400 bg-amber-50' : 'border-slate-200'}`}>
        <dt className={`text-sm ${old ? 'font-semibold text-amber-950' : 'text-slate-700'}`}>Older than 2 days</dt>
        <dd className={`text-2xl font-bold ${old ? 'text-amber-950' : 'text-brand-800'}`}>
          {figure(inbox?.olderThanTwoDays)}
        </dd>
      </div>
    </dl>
  );
}

export function InboxCard({
  inbox,
  ages,
  campaigns,
  page,
  onPage,
}: {
  inbox: ListQuery<PaymentItem>;
  ages: PaymentsOverview['inbox'] | undefined;
  campaigns: CampaignOption[];
  page: number;
  onPage: (page: number) => void;
}) {
  const [selection, setSelection] = useState<Selection>(new Map());
  const select = (payment: PaymentItem, on: boolean) => {
    const next = new Map(selection);
    if (on) next.set(payment.id, payment);
    else next.delete(payment.id);
    setSelection(next);
  };
  return (
    <Card aria-labelledby="inbox-title">
      <CardTitle id="inbox-title">Reconciliation inbox</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        Payments nobody could match to a gift yet, oldest first. A suggestion is never recorded until you choose it.
        Recording to a campaign offers the main appeal and the campaigns of this page’s suggestions.
      </p>
      <InboxAges inbox={ages} />
      <JoinBar selection={selection} campaigns={campaigns} onDone={() => setSelection(new Map())} />
      {inbox.data && (
        <p className="mt-3 text-sm text-slate-600">
          {inbox.data.total} waiting in all, {inbox.data.pageSize} a page.
        </p>
      )}
      <ListBody list={inbox} what="the inbox" empty="Nothing waits: every payment is matched.">
        {(data) => (
          <div className="divide-y divide-slate-200" data-testid="inbox-list">
            {data.items.map((p) => (
              <InboxRow
                key={`${p.id}-${p.version}`}
                payment={p}
                campaigns={campaigns}
                selected={selection.has(p.id)}
                onSelect={(on) => select(p, on)}
              />
            ))}
          </div>
        )}
      </ListBody>
      <ListPager list={inbox} label="Inbox pages" page={page} onPage={onPage} />
    </Card>
  );
}
