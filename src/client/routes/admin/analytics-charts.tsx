/**
 * The /admin-analytics charts, the only place recharts is imported: the page loads this module lazily, so
 * no other page's bundle carries the charting code. Each chart is one image with a name; the page shows
 * the same figures in tables, which are what assistive technology reads.
 */
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents, formatWholeDollars } from '#shared/money.ts';

export interface DailyViewsPoint {
  day: string;
  views: number;
  visitors: number;
}

export interface DailyDonationsPoint {
  day: string;
  donations: number;
  usdCents: number;
}

export interface FunnelStep {
  step: string;
  count: number;
}

export interface MethodCounts {
  method: string;
  clicks: number;
  intents: number;
}

const BRAND = '#9a214f'; // --color-brand-700
const SECONDARY = '#475569'; // slate-600
const GRID = '#e2e8f0'; // slate-200
const TICK = { fill: SECONDARY, fontSize: 12 };

const shortDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const tickDay = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

/**
 * The chart's frame: an image named by `label`. recharts' keyboard layer is off, since an image's content is
 * not interactive and the table beside it carries the figures.
 */
function ChartImage({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="img" aria-label={label} className="mt-4 h-64 w-full" data-testid="analytics-chart">
      {children}
    </div>
  );
}

const chartProps = {
  responsive: true,
  accessibilityLayer: false,
  style: { width: '100%', height: '100%' },
  margin: { top: 8, right: 16, bottom: 8, left: 8 },
};

/** Page views (solid) and unique visitors (dashed) per day. */
export function DailyViewsChart({ label, points }: { label: string; points: DailyViewsPoint[] }) {
  return (
    <ChartImage label={label}>
      <LineChart data={points} {...chartProps}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="day" tickFormatter={tickDay} tick={TICK} minTickGap={24} />
        <YAxis allowDecimals={false} tick={TICK} width={40} />
        <Tooltip labelFormatter={(day) => tickDay(String(day))} />
        <Legend />
        <Line
          type="linear"
          dataKey="views"
          name="Page views"
          stroke={BRAND}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="linear"
          dataKey="visitors"
          name="Unique visitors"
          stroke={SECONDARY}
          strokeWidth={2}
          strokeDasharray="6 4"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartImage>
  );
}

/** Money raised per day; the bars are in cents and only the labels turn them into dollars. */
export function DonationsChart({ label, points }: { label: string; points: DailyDonationsPoint[] }) {
  return (
    <ChartImage label={label}>
      <BarChart data={points} {...chartProps}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="day" tickFormatter={tickDay} tick={TICK} minTickGap={24} />
        <YAxis tickFormatter={(cents: number) => formatWholeDollars(cents)} tick={TICK} width={64} />
        <Tooltip labelFormatter={(day) => tickDay(String(day))} formatter={(cents) => formatCents(Number(cents))} />
        <Bar dataKey="usdCents" name="Raised (USD)" fill={BRAND} isAnimationActive={false} />
      </BarChart>
    </ChartImage>
  );
}

/** The funnel's steps as horizontal bars, first step on top. */
export function FunnelChart({ label, steps }: { label: string; steps: FunnelStep[] }) {
  return (
    <ChartImage label={label}>
      <BarChart data={steps} layout="vertical" {...chartProps}>
        <CartesianGrid stroke={GRID} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={TICK} />
        <YAxis type="category" dataKey="step" tick={TICK} width={128} />
        <Tooltip />
        <Bar dataKey="count" name="Count" fill={BRAND} isAnimationActive={false} />
      </BarChart>
    </ChartImage>
  );
}

/** Donate-page clicks and donation intents per payment method, side by side. */
export function MethodsChart({ label, rows }: { label: string; rows: MethodCounts[] }) {
  return (
    <ChartImage label={label}>
      <BarChart data={rows} {...chartProps}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="method" tick={TICK} />
        <YAxis allowDecimals={false} tick={TICK} width={40} />
        <Tooltip />
        <Legend />
        <Bar dataKey="clicks" name="Clicks" fill={BRAND} isAnimationActive={false} />
        <Bar dataKey="intents" name="Intents" fill={SECONDARY} isAnimationActive={false} />
      </BarChart>
    </ChartImage>
  );
}
