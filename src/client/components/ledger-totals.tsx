/** A campaign's ledger in four figures (raised, held, released, refunded), in boxes sized before they arrive. */
import type { Ledger } from '#shared/schemas/spending.ts';
import { formatCents } from '#client/lib/format.ts';

/** A figure not known yet: a same-height placeholder that says it is loading (or could not be loaded). */
export function Pending({ what, failed }: { what: string; failed: boolean }) {
  return (
    <>
      <span aria-hidden="true">{failed ? '—' : '…'}</span>
      <span className="sr-only">{failed ? `${what}: not available` : `Loading ${what}`}</span>
    </>
  );
}

const TOTALS: { key: keyof Ledger['totals']; label: string; note: string }[] = [
  { key: 'raisedCents', label: 'Raised', note: 'All recorded donations' },
  { key: 'heldCents', label: 'Held now', note: 'Waiting for verified expenses' },
  { key: 'releasedCents', label: 'Released', note: 'Paid against verified expenses' },
  { key: 'refundedCents', label: 'Refunded', note: 'Sent back to donors' },
];

export function LedgerTotals({ ledger, failed }: { ledger: Ledger | undefined; failed: boolean }) {
  return (
    <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
      {TOTALS.map((t) => (
        <div key={t.key} className="rounded-xl bg-brand-50 p-4">
          <dt className="text-sm font-medium text-slate-700">{t.label}</dt>
          <dd className="mt-1 text-xl font-bold break-words text-brand-800 sm:text-2xl" data-testid={`total-${t.key}`}>
            {ledger ? formatCents(ledger.totals[t.key]) : <Pending what={t.label.toLowerCase()} failed={failed} />}
          </dd>
          <dd className="text-xs text-slate-600">{t.note}</dd>
        </div>
      ))}
    </dl>
  );
}
