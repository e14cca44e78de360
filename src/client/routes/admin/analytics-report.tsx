/** The analytics figures of a range: each chart with its table of figures (the chart's accessible twin). */
import { lazy, Suspense, type ReactNode } from 'react';
import type { AnalyticsReport } from '#shared/schemas/analytics.ts';
import type { DayRange } from '#client/api/admin-analytics.ts';
import { formatCents, formatDay } from '#client/lib/format.ts';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import type { DailyDonationsPoint, DailyViewsPoint, MethodCounts } from './analytics-charts.tsx';

// recharts is heavy: its module loads only when a chart first renders on this page.
const loadCharts = () => import('./analytics-charts.tsx');
const DailyViewsChart = lazy(() => loadCharts().then((m) => ({ default: m.DailyViewsChart })));
const DonationsChart = lazy(() => loadCharts().then((m) => ({ default: m.DonationsChart })));
const FunnelChart = lazy(() => loadCharts().then((m) => ({ default: m.FunnelChart })));
const MethodsChart = lazy(() => loadCharts().then((m) => ({ default: m.MethodsChart })));

const DAY_MS = 24 * 60 * 60 * 1000;
const NO_METHOD = '(not given)';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The last 30 days in UTC, today included (the server counts whole UTC days). */
export function lastThirtyDays(): DayRange {
  const to = isoDay(Date.now());
  return { from: isoDay(dayStart(to) - 29 * DAY_MS), to };
}

/** Every day of a range, both ends included, so the charts show quiet days as zero. */
function daysOf({ from, to }: DayRange): string[] {
  const days: string[] = [];
  for (let t = dayStart(from); t <= dayStart(to); t += DAY_MS) days.push(isoDay(t));
  return days;
}

export const rangeText = (r: DayRange) => `${formatDay(r.from)} to ${formatDay(r.to)}`;

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

export function Report({ report }: { report: AnalyticsReport }) {
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
