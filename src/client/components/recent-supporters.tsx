/**
 * "Recent Supporters": a campaign's latest recorded gifts (GET /api/campaigns/:id/supporters, the main appeal's
 * by its slug), refreshed like the progress card, so a gift recorded a moment ago shows without
 * a rebuild. Names and messages appear only when the donor agreed; with no gift recorded yet it says so and
 * invites the first.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PROGRESS_POLL_MS } from '#shared/constants.ts';
import type { Supporters } from '#shared/schemas/campaign.ts';
import { getSupporters, supportersKey } from '#client/api/campaign.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { formatDay, formatUsdEstimate, formatWholeDollars } from '#client/lib/format.ts';
import { Card, CardTitle } from './ui/card.tsx';

/** The wall for these gifts; `patientName` is who the first gift would help. */
export function SupportersWall({
  data,
  isError,
  patientName,
  children,
}: {
  data: Supporters | undefined;
  isError: boolean;
  patientName: string;
  children?: ReactNode;
}) {
  return (
    <Card aria-labelledby="supporters-title" aria-busy={!data && !isError}>
      <CardTitle id="supporters-title">Recent Supporters</CardTitle>
      {data && data.items.length > 0 ? (
        <ul className="mt-4 divide-y divide-brand-100">
          {data.items.map((s) => (
            <li key={`${s.recordedAt} ${s.name}`} className="flex items-start justify-between gap-4 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-ink">{s.name}</p>
                <p className="text-sm text-slate-600">
                  {s.source} · {formatDay(s.recordedAt)}
                </p>
                {s.message && <p className="mt-1 text-sm break-words text-slate-700 italic">“{s.message}”</p>}
              </div>
              <p className="shrink-0 text-right font-semibold text-brand-800">
                {formatWholeDollars(s.amount.cents, s.amount.currency)}
                {s.amount.currency !== 'USD' && ` ${s.amount.currency}`}
                {s.usdEstimateCents !== undefined && (
                  <span className="block text-xs font-normal text-slate-600">
                    {formatUsdEstimate(s.usdEstimateCents)}
                  </span>
                )}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-700" data-testid="supporters-status">
          {data
            ? `No gifts have been recorded yet. Yours can be the first to bring ${patientName} closer to surgery.`
            : isError
              ? 'Recent supporters cannot be shown just now.'
              : 'Loading recent supporters…'}
        </p>
      )}
      {children && <div className="mt-4">{children}</div>}
    </Card>
  );
}

/** The main appeal's wall, polled. */
export function RecentSupporters({ children }: { children: ReactNode }) {
  const { patient, slug } = useCampaign();
  const { data, isError } = useQuery({
    queryKey: supportersKey(slug),
    queryFn: () => getSupporters(slug),
    refetchInterval: PROGRESS_POLL_MS,
  });
  return (
    <SupportersWall data={data} isError={isError} patientName={patient.name}>
      {children}
    </SupportersWall>
  );
}
