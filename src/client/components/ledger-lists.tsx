/** The public ledger's lists, on /transparency and on a fundraiser's page: the releases and the donations. */
import type { CostGroupKey } from '#shared/constants.ts';
import { COST_GROUP_LABELS } from '#shared/fundraiser-words.ts';
import type { Ledger } from '#shared/schemas/spending.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { formatCents, formatDay } from '#client/lib/format.ts';
import { formatDeduction } from './ledger-totals.tsx';

type GroupLabels = readonly { key: string; label: string }[];

/** A cost group's label among a campaign's own groups, else a fundraiser's wording, else the key itself. */
const groupLabelOf = (groups: GroupLabels, key: string) =>
  groups.find((g) => g.key === key)?.label ?? COST_GROUP_LABELS[key as CostGroupKey] ?? key;

/** The cost group's label: the main appeal page's ("Surgery") for the appeal, a fundraiser's for a fundraiser. */
export function useCostGroupLabel(): (key: string, ofFundraiser: boolean) => string {
  const { costs } = useCampaign();
  return (key, ofFundraiser) => groupLabelOf(ofFundraiser ? [] : costs.groups, key);
}

/**
 * Each payment made from the campaign, newest first: when, to what kind of payee, for what, from which of the
 * campaign's own groups (`groups`: its plan's labels).
 */
export function Releases({ ledger, groups }: { ledger: Ledger; groups: GroupLabels }) {
  const groupLabel = (key: string) => groupLabelOf(groups, key);
  if (ledger.releases.length === 0)
    return (
      <p className="mt-4 text-slate-700">
        Nothing has been released yet. Every payment will be listed here when it is made.
      </p>
    );
  // On a phone the table keeps three columns (date, what it paid for, amount): the payee's kind and the cost group
  // join the middle cell, so the amount is always on the screen, with no sideways scroll to guess at.
  const wide = 'hidden py-2 pr-3 sm:table-cell';
  return (
    <div role="region" aria-label="Table of released expenses" tabIndex={0} className="mt-4 overflow-x-auto rounded-xl">
      <table className="w-full border-collapse text-left text-sm sm:min-w-[40rem]" data-testid="releases-table">
        <caption className="sr-only">Each payment made from the campaign, newest first</caption>
        <thead>
          <tr className="border-b border-brand-100 text-slate-700">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Date paid
            </th>
            <th scope="col" className={`${wide} font-semibold`}>
              Paid to
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              What it paid for<span className="sm:hidden">, to whom, from which cost group</span>
            </th>
            <th scope="col" className={`${wide} font-semibold`}>
              Cost group
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {ledger.releases.map((r) => (
            <tr key={r.expenseId} className="border-b border-brand-100 align-top">
              <td className="py-2 pr-3 sm:whitespace-nowrap">
                <time dateTime={r.paidOn}>{formatDay(r.paidOn)}</time>
              </td>
              <td className={wide}>{r.payeeCategory}</td>
              <td className="py-2 pr-3 break-words">
                <span className="whitespace-pre-line">{r.description ?? ''}</span>
                <span className="mt-1 block text-slate-600 sm:hidden">
                  {r.payeeCategory} · {groupLabel(r.costGroup)}
                </span>
              </td>
              <td className={wide}>{groupLabel(r.costGroup)}</td>
              <td className="py-2 text-right font-semibold whitespace-nowrap text-brand-800">
                {formatCents(r.amountCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The latest recorded donations (names only where the donor agreed), each with its processor's fee, with the count of all. */
export function Donations({ ledger }: { ledger: Ledger }) {
  if (ledger.donations.length === 0) return <p className="mt-4 text-slate-700">No donations have been recorded yet.</p>;
  const shown = ledger.donations.length;
  return (
    <>
      <p className="mt-1 text-sm text-slate-600" data-testid="donation-count">
        {ledger.donationCount === 1 ? '1 donation' : `${ledger.donationCount} donations`} in all
        {shown < ledger.donationCount && `; the latest ${shown} are listed`}.
      </p>
      <ul aria-label="Donations, newest first" className="mt-3 divide-y divide-brand-100" data-testid="donations-list">
        {ledger.donations.map((d, i) => (
          <li key={i} className="flex items-baseline justify-between gap-4 py-2">
            <span>
              <span className="font-medium text-ink">{d.donorName ?? 'Anonymous'}</span>
              <span className="block text-sm text-slate-600">
                <time dateTime={d.date}>{formatDay(d.date)}</time>
              </span>
            </span>
            <span className="text-right">
              <span className="font-semibold text-brand-800">{formatCents(d.amountCents)}</span>
              {d.feeCents > 0 && (
                <span className="block text-sm text-slate-600" data-testid="donation-fee">
                  Processor fee {formatDeduction(d.feeCents)}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
