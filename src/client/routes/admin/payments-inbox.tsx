/**
 * The reconciliation inbox: payments nobody could match, oldest first. Per row the manager records it to a
 * suggested intent in one click, to a campaign, splits it across campaigns, joins it with others, or marks it as no
 * gift (payments-inbox-row.tsx and the files it names). Every decision names the version she read; a 409 reloads
 * the row (it changed meanwhile).
 */
import { useState } from 'react';
import type { PaymentItem, PaymentsOverview } from '#shared/schemas/payments.ts';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { ListBody, ListPager, type ListQuery } from './list-body.tsx';
import { useMainAppeal } from './payments-campaign-chooser.tsx';
import { InboxRow } from './payments-inbox-row.tsx';
import { JoinBar, type Selection } from './payments-join.tsx';

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
  page,
  onPage,
}: {
  inbox: ListQuery<PaymentItem>;
  ages: PaymentsOverview['inbox'] | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  const mainAppeal = useMainAppeal();
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
        Payments nobody could match to a gift yet, oldest first. A suggestion is never recorded until you choose it. To
        record, split or join, choose any campaign that takes gifts (the main appeal or a patient’s live fundraiser) by
        typing part of its name.
      </p>
      <InboxAges inbox={ages} />
      <JoinBar selection={selection} mainAppeal={mainAppeal} onDone={() => setSelection(new Map())} />
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
                mainAppeal={mainAppeal}
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
