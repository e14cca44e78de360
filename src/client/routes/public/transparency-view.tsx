/**
 * A campaign's transparency page (the main appeal's /transparency, a fundraiser's /transparency/:slug): how donations
 * are held and released only against verified expenses, and the live ledger (totals, each cost group's plan against
 * what was paid, every release, every donation). The figures sit in boxes sized before they arrive.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ShieldCheck } from 'lucide-react';
import { SPENDING_WINDOWS_BUSINESS_DAYS } from '#shared/constants.ts';
import type { Ledger } from '#shared/schemas/spending.ts';
import { Donations, Releases } from '#client/components/ledger-lists.tsx';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { pageTitleClass } from '#client/components/ui/text-classes.ts';
import { LedgerTotals as Totals, Pending } from '#client/components/ledger-totals.tsx';
import { formatCents } from '#client/lib/format.ts';

const W = SPENDING_WINDOWS_BUSINESS_DAYS;
const range = (w: { from: number; to: number }) => (w.from === 0 ? `up to ${w.to}` : `${w.from}-${w.to}`);

const STEPS = [
  {
    title: 'Your gift is recorded and held',
    time: null,
    text: 'Money you give reaches the organisation through the payment platform you chose; we record it against this campaign. It is held with admin oversight and never paid out as a lump sum.',
  },
  {
    title: 'An expense is submitted and reviewed',
    time: `${range(W.review)} business days`,
    text: 'When a cost is due, the patient submits it with the invoice. An admin checks that it belongs to the surgery and recovery costs this campaign raised money for. The person who submits an expense can never approve it, and large expenses need two different approvers.',
  },
  {
    title: 'Documents are checked',
    time: `${range(W.documentation)} business days`,
    text: 'Invoices, receipts or statements from the hospital, surgeon, clinic or travel provider are collected and verified.',
  },
  {
    title: 'The money is released to the payee',
    time: `${range(W.release)} business days`,
    text: 'The approved amount is paid to the payee named on the verified expense, and the release appears on this page.',
  },
  {
    title: 'Refunds and disputes',
    time: `${range(W.disputes)} business days`,
    text: 'Money not yet released can be refunded. If you ask for a refund or tell us something looks wrong, we review it and answer within the disputes window.',
  },
] as const;

/** A cost group as the campaign planned it. */
export interface PlannedGroup {
  key: string;
  label: string;
  amountCents: number;
}

function GroupsTable({
  groups,
  ledger,
  failed,
}: {
  groups: readonly PlannedGroup[];
  ledger: Ledger | undefined;
  failed: boolean;
}) {
  return (
    <div
      role="region"
      aria-label="Planned and released by cost group"
      tabIndex={0}
      className="mt-4 overflow-x-auto rounded-xl"
    >
      <table className="w-full border-collapse text-left text-sm sm:text-base" data-testid="groups-table">
        <caption className="sr-only">Planned and released amounts for each cost group</caption>
        <thead>
          <tr className="border-b border-brand-100 text-slate-700">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Cost group
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-semibold">
              Planned
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Released
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => {
            const live = ledger?.groups.find((l) => l.key === g.key);
            return (
              <tr key={g.key} className="border-b border-brand-100">
                <th scope="row" className="py-2 pr-4 font-medium text-ink">
                  {g.label}
                </th>
                <td className="py-2 pr-4 text-right text-slate-700">
                  {formatCents(live?.plannedCents ?? g.amountCents)}
                </td>
                <td className="py-2 text-right font-semibold text-brand-800" data-testid={`released-${g.key}`}>
                  {ledger ? (
                    formatCents(live?.releasedCents ?? 0)
                  ) : (
                    <Pending what={`the amount released for ${g.label}`} failed={failed} />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A part of the page whose content arrives with the ledger: its space is kept while loading. */
function LiveSection({
  id,
  title,
  loading,
  children,
}: {
  id: string;
  title: string;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} aria-busy={loading}>
      <CardTitle id={id}>{title}</CardTitle>
      {children}
    </Card>
  );
}

/** What a campaign's transparency page shows: whose it is, its plan, and its ledger as read (or not yet). */
export interface TransparencyProps {
  campaignName: string;
  patientName: string;
  /** Above the campaign's name, e.g. the way back to a fundraiser. */
  before?: ReactNode;
  costsTitle: string;
  groups: readonly PlannedGroup[];
  ledger: { data: Ledger | null | undefined; error: unknown; refetch: () => unknown };
  /** Where a donor asks for her money back: the refund form, naming this campaign. */
  refundHref: string;
  /** More sections, last. */
  children?: ReactNode;
}

export function TransparencyView({
  campaignName,
  patientName,
  before,
  costsTitle,
  groups,
  ledger,
  refundHref,
  children,
}: TransparencyProps) {
  const data = ledger.data ?? undefined;
  const loading = !data && !ledger.error;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      {before}
      <header>
        <h1 className={`${pageTitleClass} sm:text-4xl`}>Where Every Dollar Goes</h1>
        <p className="mt-4 text-lg leading-relaxed break-words text-slate-700">
          Every donation to &ldquo;{campaignName}&rdquo; is held and paid out only against verified expenses for{' '}
          {patientName}&rsquo;s surgery and recovery. This page shows how that works, and the live record of what has
          been raised, held, released and refunded.
        </p>
      </header>

      <div className="mt-10 space-y-8">
        <Card aria-labelledby="how-title">
          <CardTitle id="how-title" className="flex items-center gap-2">
            <ShieldCheck aria-hidden="true" className="h-6 w-6 text-emerald-800" />
            How money is held and released
          </CardTitle>
          <ol className="mt-4 space-y-4">
            {STEPS.map((step, i) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                >
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-ink">
                    {step.title}
                    {step.time && <span className="ml-2 text-sm font-normal text-slate-600">({step.time})</span>}
                  </h3>
                  <p className="mt-1 leading-relaxed text-slate-700">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-4 text-sm text-slate-700">
            Business days are Monday to Friday. These times are what we promise in the{' '}
            <Link href="/donor-agreement" className="text-brand-800 underline">
              Donor Agreement
            </Link>
            ; a provider that is slow to send documents can delay a release.
          </p>
        </Card>

        {ledger.error ? (
          <div
            role="alert"
            className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900"
            data-testid="ledger-error"
          >
            <p className="font-semibold">The live figures could not be loaded.</p>
            <p className="mt-1">
              Please check your connection and try again. The explanation above and the plan below still apply.
            </p>
            <Button variant="secondary" className="mt-3" onClick={() => void ledger.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}

        <LiveSection id="totals-title" title="The ledger at a glance" loading={loading}>
          <Totals ledger={data} failed={!!ledger.error} />
        </LiveSection>

        <LiveSection id="groups-title" title={costsTitle} loading={loading}>
          <p className="mt-1 text-sm text-slate-700">
            What the campaign planned for each group of costs, and what has been paid for it so far.
          </p>
          <GroupsTable groups={groups} ledger={data} failed={!!ledger.error} />
        </LiveSection>

        <LiveSection id="releases-title" title="Released expenses" loading={loading}>
          <p className="mt-1 text-sm text-slate-700">
            Each payment, with the kind of payee and what it paid for. Invoices stay private; an admin checked them
            before paying.
          </p>
          {data ? <Releases ledger={data} groups={groups} /> : <div className="min-h-24" />}
        </LiveSection>

        <LiveSection id="donations-title" title="Donations" loading={loading}>
          {data ? <Donations ledger={data} /> : <div className="min-h-40" />}
        </LiveSection>

        <Card aria-labelledby="refund-title">
          <CardTitle id="refund-title">Want your money back?</CardTitle>
          <p className="mt-2 text-slate-700">
            Money that has not been released against a verified expense can be refunded. We answer every request within{' '}
            {range(W.disputes)} business days.
          </p>
          <Link href={refundHref} className={buttonClass('secondary', 'md', 'mt-4')}>
            Ask for a refund
          </Link>
        </Card>
        {children}
      </div>
    </div>
  );
}
