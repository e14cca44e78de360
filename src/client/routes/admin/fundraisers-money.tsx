/**
 * The dashboard's view of patients' fundraisers (managers and above): how many wait for review and are live, and
 * the live ones holding the most money, each with its figures and links to its page, its analytics, its gifts and
 * intents in the donations panel, and the queues.
 */
import { Link } from 'wouter';
import type { DashboardMoney } from '#shared/schemas/admin-dashboard.ts';
import { formatCents } from '#client/lib/format.ts';
import { CELL, WideTable } from '#client/components/ui/wide-table.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';

export function FundraisersMoney({ fundraisers }: { fundraisers: DashboardMoney['fundraisers'] }) {
  return (
    <section aria-labelledby="fundraisers-money-title" className="mt-10">
      <h2 id="fundraisers-money-title" className="text-xl font-semibold text-ink">
        Patients&apos; fundraisers
      </h2>
      <p className="mt-1 text-slate-700" data-testid="fundraiser-counts">
        {fundraisers.live} live ·{' '}
        <Link href="/admin-fundraisers" className={linkClass}>
          {fundraisers.inReview} waiting for review
        </Link>
      </p>
      {fundraisers.mostHeld.length > 0 && (
        <WideTable
          label="Live fundraisers holding the most money"
          caption="Live fundraisers holding the most money, from their ledgers"
          columns={['Fundraiser', 'Raised of goal', 'Held', 'Released', 'Gifts', 'Reports']}
          testId="fundraisers-money"
        >
          {fundraisers.mostHeld.map((f) => (
            <tr key={f.slug}>
              <td className={CELL}>
                <Link href={`/fundraisers/${encodeURIComponent(f.slug)}`} className={linkClass}>
                  {f.title}
                </Link>
              </td>
              <td className={CELL}>
                {formatCents(f.raisedCents)} of {formatCents(f.goalCents)}
              </td>
              <td className={`${CELL} font-semibold`}>{formatCents(f.heldCents)}</td>
              <td className={CELL}>{formatCents(f.releasedCents)}</td>
              <td className={CELL}>{f.donationCount}</td>
              <td className={CELL}>
                <Link href={`/admin-analytics?fundraiser=${encodeURIComponent(f.slug)}`} className={linkClass}>
                  Analytics<span className="sr-only"> of {f.title}</span>
                </Link>
                {' · '}
                <Link href={`/admin-donations?campaign=${encodeURIComponent(f.slug)}`} className={linkClass}>
                  Gifts and intents<span className="sr-only"> of {f.title}</span>
                </Link>
              </td>
            </tr>
          ))}
        </WideTable>
      )}
    </section>
  );
}
