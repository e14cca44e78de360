/** /admin-analytics (Analytics): page views, visitors, the donation funnel and donations over a range of days, for admins of level manager or above. */
import { lazy, Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCents } from '#shared/money.ts';
import { apiRequest, errorMessage } from '#client/lib/api.ts';
import { apiErrorInfo } from '#client/lib/api-error.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { FormAlert, TextField } from '#client/components/ui/field.tsx';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { AdminOnly } from './admin-access.tsx';
import type { DailyDonationsPoint, DailyViewsPoint, MethodCounts } from './analytics-charts.tsx';

/** GET /api/admin/analytics (the server's analyticsReport). */
export interface AnalyticsReport {
  from: string;
  to: string;
  daily: { day: string; views: number; visitors: number }[];
  topPages: { path: string; views: number }[];
  funnel: { step: string; count: number }[];
  intentsByMethod: { method: string | null; intents: number }[];
  clicksByMethod: { method: string | null; clicks: number }[];
  donationsDaily: { day: string; donations: number; usd_cents: number }[];
}

interface Range {
  from: string;
  to: string;
}

// recharts is heavy: its module loads only when a chart first renders on this page.
const loadCharts = () => import('./analytics-charts.tsx');
const DailyViewsChart = lazy(() => loadCharts().then((m) => ({ default: m.DailyViewsChart })));
const DonationsChart = lazy(() => loadCharts().then((m) => ({ default: m.DonationsChart })));
const FunnelChart = lazy(() => loadCharts().then((m) => ({ default: m.FunnelChart })));
const MethodsChart = lazy(() => loadCharts().then((m) => ({ default: m.MethodsChart })));

const ANALYTICS_PATH = '/api/admin/analytics';
const DAY_MS = 24 * 60 * 60 * 1000;
const NO_METHOD = '(not given)';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The last 30 days in UTC, today included (the server counts whole UTC days). */
function lastThirtyDays(): Range {
  const to = isoDay(Date.now());
  return { from: isoDay(dayStart(to) - 29 * DAY_MS), to };
}

/** Every day of a range, both ends included, so the charts show quiet days as zero. */
function daysOf({ from, to }: Range): string[] {
  const days: string[] = [];
  for (let t = dayStart(from); t <= dayStart(to); t += DAY_MS) days.push(isoDay(t));
  return days;
}

const longDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const formatDay = (day: string) => longDay.format(new Date(dayStart(day)));
const rangeText = (r: Range) => `${formatDay(r.from)} to ${formatDay(r.to)}`;

const rangeSearch = (r: Range) => new URLSearchParams({ from: r.from, to: r.to }).toString();
const reportKey = (r: Range) => [ANALYTICS_PATH, r.from, r.to] as const;
const fetchReport = (r: Range) => apiRequest<AnalyticsReport>('GET', `${ANALYTICS_PATH}?${rangeSearch(r)}`);

/** Clicks (from the donate page) and intents per payment method, in one row per method. */
function methodRows(report: AnalyticsReport): MethodCounts[] {
  const rows = new Map<string, MethodCounts>();
  const row = (method: string | null) => {
    const key = method ?? NO_METHOD;
    let r = rows.get(key);
    if (!r) rows.set(key, (r = { method: key, clicks: 0, intents: 0 }));
    return r;
  };
  for (const c of report.clicksByMethod) row(c.method).clicks += Number(c.clicks);
  for (const i of report.intentsByMethod) row(i.method).intents += Number(i.intents);
  return [...rows.values()].sort(
    (a, b) => b.clicks - a.clicks || b.intents - a.intents || a.method.localeCompare(b.method),
  );
}

/** The chart's slot: a same-sized placeholder while the charting code loads. */
function ChartSlot({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div
          className="mt-4 flex h-64 items-center justify-center rounded-xl bg-slate-50 text-sm text-slate-600"
          data-testid="chart-loading"
        >
          Loading the chart…
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/** A plain table of figures: the accessible twin of a chart. The first column names each row. */
function FiguresTable({
  caption,
  columns,
  rows,
  foot,
}: {
  caption: string;
  columns: string[];
  rows: ReactNode[][];
  foot?: ReactNode[];
}) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm text-slate-800">
        <caption className="mb-2 text-left font-semibold text-slate-700">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {columns.map((c, i) => (
              <th key={c} scope="col" className={`py-2 pr-4 font-semibold ${i > 0 ? 'text-right' : ''}`}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([head, ...cells], r) => (
            <tr key={r} className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-4 font-normal">
                {head}
              </th>
              {cells.map((cell, i) => (
                <td key={i} className="py-2 pr-4 text-right tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="py-2 pr-4">
                {foot[0]}
              </th>
              {foot.slice(1).map((cell, i) => (
                <td key={i} className="py-2 pr-4 text-right tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

const dayCell = (day: string) => <time dateTime={day}>{formatDay(day)}</time>;
const Empty = ({ children }: { children: ReactNode }) => <p className="mt-4 text-slate-600">{children}</p>;

function Report({ report }: { report: AnalyticsReport }) {
  const range = { from: report.from, to: report.to };
  const days = daysOf(range);
  const viewsByDay = new Map(report.daily.map((d) => [d.day, d]));
  const giftsByDay = new Map(report.donationsDaily.map((d) => [d.day, d]));
  const viewPoints: DailyViewsPoint[] = days.map((day) => ({
    day,
    views: Number(viewsByDay.get(day)?.views ?? 0),
    visitors: Number(viewsByDay.get(day)?.visitors ?? 0),
  }));
  const giftPoints: DailyDonationsPoint[] = days.map((day) => ({
    day,
    donations: giftsByDay.get(day)?.donations ?? 0,
    usdCents: giftsByDay.get(day)?.usd_cents ?? 0,
  }));
  const methods = methodRows(report);
  const totalViews = report.daily.reduce((n, d) => n + Number(d.views), 0);
  const totalGifts = report.donationsDaily.reduce((n, d) => n + d.donations, 0);
  const totalCents = report.donationsDaily.reduce((n, d) => n + d.usd_cents, 0);
  const over = rangeText(range);

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <Card aria-labelledby="views-title" className="lg:col-span-2">
        <CardTitle id="views-title">Page views and visitors</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          {totalViews} page views in all. Visitors are counted per day and cannot be followed from one day to the next.
        </p>
        {report.daily.length ? (
          <>
            <ChartSlot>
              <DailyViewsChart
                label={`Line chart of daily page views and unique visitors, ${over}. The figures are in the table below.`}
                points={viewPoints}
              />
            </ChartSlot>
            <FiguresTable
              caption="Daily page views and unique visitors (days with views)"
              columns={['Day', 'Page views', 'Unique visitors']}
              rows={report.daily.map((d) => [dayCell(d.day), d.views, d.visitors])}
            />
          </>
        ) : (
          <Empty>No page views in this range.</Empty>
        )}
      </Card>

      <Card aria-labelledby="funnel-title">
        <CardTitle id="funnel-title">Donation funnel</CardTitle>
        <p className="mt-1 text-sm text-slate-600">From reading the story to a recorded donation.</p>
        <ChartSlot>
          <FunnelChart
            label={`Bar chart of the donation funnel, ${over}. The figures are in the table below.`}
            steps={report.funnel}
          />
        </ChartSlot>
        <FiguresTable
          caption="Donation funnel"
          columns={['Step', 'Count']}
          rows={report.funnel.map((s) => [s.step, s.count])}
        />
      </Card>

      <Card aria-labelledby="methods-title">
        <CardTitle id="methods-title">Payment methods</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Clicks on a method on the donate page, and the intents announced with it.
        </p>
        {methods.length ? (
          <>
            <ChartSlot>
              <MethodsChart
                label={`Bar chart of clicks and intents by payment method, ${over}. The figures are in the table below.`}
                rows={methods}
              />
            </ChartSlot>
            <FiguresTable
              caption="Clicks and intents by payment method"
              columns={['Method', 'Clicks', 'Intents']}
              rows={methods.map((m) => [m.method, m.clicks, m.intents])}
            />
          </>
        ) : (
          <Empty>No clicks or intents in this range.</Empty>
        )}
      </Card>

      <Card aria-labelledby="donations-title" className="lg:col-span-2">
        <CardTitle id="donations-title">Donations</CardTitle>
        <p className="mt-1 text-sm text-slate-600">Recorded donations (voided ones left out), in US dollars.</p>
        {report.donationsDaily.length ? (
          <>
            <ChartSlot>
              <DonationsChart
                label={`Bar chart of money raised per day, ${over}. The figures are in the table below.`}
                points={giftPoints}
              />
            </ChartSlot>
            <FiguresTable
              caption="Donations per day (days with donations)"
              columns={['Day', 'Donations', 'Raised']}
              rows={report.donationsDaily.map((d) => [dayCell(d.day), d.donations, formatCents(d.usd_cents)])}
              foot={['Total', totalGifts, formatCents(totalCents)]}
            />
          </>
        ) : (
          <Empty>No donations in this range.</Empty>
        )}
      </Card>

      <Card aria-labelledby="pages-title" className="lg:col-span-2">
        <CardTitle id="pages-title">Top pages</CardTitle>
        {report.topPages.length ? (
          <FiguresTable
            caption="The ten most viewed pages"
            columns={['Page', 'Views']}
            rows={report.topPages.map((p) => [<code key={p.path}>{p.path}</code>, p.views])}
          />
        ) : (
          <Empty>No page views in this range.</Empty>
        )}
      </Card>
    </div>
  );
}

type RangeError = { field: keyof Range | null; message: string };

/** The From/To form: a range is applied only once the server accepts it, so a bad one leaves the figures shown. */
function RangeForm({ applied, onApply }: { applied: Range; onApply: (range: Range) => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(applied);
  const [error, setError] = useState<RangeError | null>(null);
  const fromInput = useRef<HTMLInputElement>(null);
  const toInput = useRef<HTMLInputElement>(null);
  const apply = useMutation({
    mutationFn: (range: Range) =>
      queryClient.fetchQuery({ queryKey: reportKey(range), queryFn: () => fetchReport(range), staleTime: 0 }),
    onMutate: () => setError(null),
    onSuccess: (_report, range) => onApply(range),
    onError: (err) => {
      const { field } = apiErrorInfo(err);
      const known = field === 'from' || field === 'to' ? field : null;
      setError({ field: known, message: errorMessage(err, 'Could not load the figures. Please try again.') });
      if (known) (known === 'from' ? fromInput : toInput).current?.focus();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply.mutate(draft);
  };
  const fieldError = (field: keyof Range) => (error?.field === field ? error.message : undefined);

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

function Analytics() {
  const [range, setRange] = useState(lastThirtyDays);
  const report = useQuery({ queryKey: reportKey(range), queryFn: () => fetchReport(range), staleTime: 60_000 });

  let body: ReactNode;
  if (report.data) body = <Report report={report.data} />;
  else if (report.error)
    body = <ListLoadError what="figures" error={report.error} onRetry={() => void report.refetch()} />;
  else body = <ListLoading what="figures" />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Analytics</h1>
      <p className="mt-2 text-slate-700">Page views, visitors and the donation funnel, by whole days in UTC.</p>
      <RangeForm applied={range} onApply={setRange} />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" data-testid="applied-range">
          Showing {rangeText(range)}.
        </p>
        <a href={`${ANALYTICS_PATH}.csv?${rangeSearch(range)}`} download className={buttonClass('secondary')}>
          Download CSV
        </a>
      </div>
      {body}
    </div>
  );
}

export default function AdminAnalyticsPage() {
  return (
    <AdminOnly minimum="manager" returnTo="/admin-analytics">
      {() => <Analytics />}
    </AdminOnly>
  );
}
