/** /admin-analytics (Analytics): page views, visitors, the donation funnel and donations over a range of days, for admins of level manager or above. */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { analyticsCsvPath, analyticsKey, getAnalytics, type DayRange } from '#client/api/admin-analytics.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { FormAlert, TextField } from '#client/components/ui/field.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';
import { lastThirtyDays, rangeText, Report } from './analytics-report.tsx';

type RangeError = { field: keyof DayRange | null; message: string };

/** The From/To form: a range is applied only once the server accepts it, so a bad one leaves the figures shown. */
function RangeForm({ applied, onApply }: { applied: DayRange; onApply: (range: DayRange) => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(applied);
  const [error, setError] = useState<RangeError | null>(null);
  const fromInput = useRef<HTMLInputElement>(null);
  const toInput = useRef<HTMLInputElement>(null);
  const apply = useMutation({
    mutationFn: (range: DayRange) =>
      queryClient.fetchQuery({ queryKey: analyticsKey(range), queryFn: () => getAnalytics(range), staleTime: 0 }),
    onMutate: () => setError(null),
    onSuccess: (_report, range) => onApply(range),
    onError: (err) => {
      const field = err instanceof ApiError ? err.field : null;
      const known = field === 'from' || field === 'to' ? field : null;
      setError({ field: known, message: errorMessage(err, 'Could not load the figures. Please try again.') });
      if (known) (known === 'from' ? fromInput : toInput).current?.focus();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply.mutate(draft);
  };
  const fieldError = (field: keyof DayRange) => (error?.field === field ? error.message : undefined);

  return (
    <form noValidate onSubmit={submit} aria-label="Date range" className="mt-6 flex flex-wrap items-end gap-4">
      <div className="w-44">
        <TextField
          ref={fromInput}
          label="From"
          type="date"
          value={draft.from}
          error={fieldError('from')}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
      </div>
      <div className="w-44">
        <TextField
          ref={toInput}
          label="To"
          type="date"
          value={draft.to}
          error={fieldError('to')}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
      </div>
      <Button type="submit" className="mb-px h-11" disabled={apply.isPending}>
        {apply.isPending ? 'Applying…' : 'Apply'}
      </Button>
      {error && !error.field && (
        <div className="basis-full">
          <FormAlert>{error.message}</FormAlert>
        </div>
      )}
    </form>
  );
}

export default function AdminAnalyticsPage() {
  const fundraiser = new URLSearchParams(useSearch()).get('fundraiser') ?? undefined;
  const [days, setRange] = useState(lastThirtyDays);
  const range = { ...days, fundraiser };
  const report = useQuery({ queryKey: analyticsKey(range), queryFn: () => getAnalytics(range), staleTime: 60_000 });

  let body: ReactNode;
  if (report.data) body = <Report report={report.data} />;
  else if (report.error)
    body = <ListLoadError what="figures" error={report.error} onRetry={() => void report.refetch()} />;
  else body = <ListLoading what="figures" />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Analytics</h1>
      <p className="mt-2 text-slate-700">Page views, visitors and the donation funnel, by whole days in UTC.</p>
      <RangeForm applied={range} onApply={({ from, to }) => setRange({ from, to })} />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" data-testid="applied-range">
          Showing {rangeText(range)}
          {fundraiser ? (
            <>
              {' '}
              for the fundraiser{' '}
              <Link href={`/fundraisers/${encodeURIComponent(fundraiser)}`} className={linkClass}>
                /fundraisers/{fundraiser}
              </Link>{' '}
              (its pages, intents and gifts).{' '}
              <Link href="/admin-analytics" className={linkClass}>
                Show the whole site
              </Link>
            </>
          ) : (
            ' for the whole site.'
          )}
        </p>
        <a href={analyticsCsvPath(range)} download className={buttonClass('secondary')}>
          Download CSV
        </a>
      </div>
      {body}
    </div>
  );
}
