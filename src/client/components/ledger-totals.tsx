/**
 * A campaign's ledger in five figures (raised, processor fees, released, refunded, held), in boxes sized before they
 * arrive. The fees stand on their own line: they never reached us, so "100% of donations go to care" stays true.
 */
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

/** An amount taken away from what was raised: "−$2.24" (a true minus sign), "$0.00" when nothing was. */
export const formatDeduction = (cents: number) => (cents > 0 ? `\u2212${formatCents(cents)}` : formatCents(0));

const TOTALS: { key: keyof Ledger['totals']; label: string; note: string; deducted?: boolean }[] = [
  { key: 'raisedCents', label: 'Raised', note: 'All recorded donations' },
  {
    key: 'feesCents',
    label: 'Processor fees',
    note: 'Taken by the payment processors before the money reached us',
    deducted: true,
  },
  { key: 'releasedCents', label: 'Released', note: 'Paid against verified expenses' },
  { key: 'refundedCents', label: 'Refunded', note: 'Sent back to donors' },
  { key: 'heldCents', label: 'Held now', note: 'Waiting for verified expenses' },
];

export function LedgerTotals({ ledger, failed }: { ledger: Ledger | undefined; failed: boolean }) {
  return (
    <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
      {TOTALS.map((t) => (
        <div key={t.key} className="rounded-xl bg-brand-50 p-4">
          <dt className="text-sm font-medium text-slate-700">{t.label}</dt>
          <dd className="mt-1 text-xl font-bold break-words text-brand-800 sm:text-2xl" data-testid={`total-${t.key}`}>
            {ledger ? (
              (t.deducted ? formatDeduction : formatCents)(ledger.totals[t.key])
            ) : (
              <Pending what={t.label.toLowerCase()} failed={failed} />
            )}
          </dd>
          <dd className="text-xs text-slate-600">{t.note}</dd>
        </div>
      ))}
    </dl>
  );
}
