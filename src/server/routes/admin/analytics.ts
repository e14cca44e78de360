/** First-party analytics for admins: page views, visitors, top pages, the donation funnel, donations over time. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { centsToDecimal } from '#shared/money.ts';
import type { Db } from '../../db/client.ts';
import { toCsv } from '../../services/csv.ts';

const MAX_RANGE_DAYS = 366;

const RangeSchema = z.strictObject({
  from: z.iso.date('from must be a date (YYYY-MM-DD)'),
  to: z.iso.date('to must be a date (YYYY-MM-DD)'),
});

type Row = Record<string, unknown>;
async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  // PGlite and node-postgres both answer with { rows }.
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The figures for [from, to] (whole UTC days, both included). */
export async function analyticsReport(db: Db, from: string, to: string) {
  const start = `${from}T00:00:00Z`;
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000).toISOString();
  const inRange = sql`created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz`;
  const [daily, topPages, funnel, intentsByMethod, clicksByMethod, donationsDaily] = await Promise.all([
    rows(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as views, count(distinct visitor_hash)::int as visitors
      from analytics_events where name = 'page_view' and ${inRange} group by 1 order by 1`,
    ),
    rows(
      db,
      sql`select path, count(*)::int as views from analytics_events where name = 'page_view' and ${inRange} group by 1 order by 2 desc, 1 limit 10`,
    ),
    rows(
      db,
      sql`select
      (select count(*)::int from analytics_events where name = 'page_view' and path = '/' and ${inRange}) as story_views,
      (select count(*)::int from analytics_events where name in ('donate_click', 'donate_button_click') and ${inRange}) as donate_clicks,
      (select count(*)::int from donation_intents where ${inRange}) as intents,
      (select count(*)::int from donations where voided_at is null and ${inRange}) as donations`,
    ),
    rows(
      db,
      sql`select payment_method as method, count(*)::int as intents from donation_intents where ${inRange} group by 1 order by 2 desc, 1`,
    ),
    rows(
      db,
      sql`select props->>'method' as method, count(*)::int as clicks from analytics_events where name = 'donation_click' and ${inRange} group by 1 order by 2 desc, 1`,
    ),
    rows(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as donations, coalesce(sum(usd_cents), 0)::bigint as usd_cents
      from donations where voided_at is null and ${inRange} group by 1 order by 1`,
    ),
  ]);
  const f = funnel[0] ?? {};
  return {
    from,
    to,
    daily,
    topPages,
    funnel: [
      { step: 'Story views', count: Number(f.story_views ?? 0) },
      { step: 'Donate clicks', count: Number(f.donate_clicks ?? 0) },
      { step: 'Intents', count: Number(f.intents ?? 0) },
      { step: 'Recorded donations', count: Number(f.donations ?? 0) },
    ],
    intentsByMethod,
    clicksByMethod,
    donationsDaily: donationsDaily.map((d) => ({
      day: String(d.day),
      donations: Number(d.donations),
      usd_cents: Number(d.usd_cents),
    })),
  };
}

const analytics: FastifyPluginAsyncZod = async (app) => {
  function checkRange(from: string, to: string) {
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days < 0) throw new AppError('VALIDATION', 'from must be on or before to', 'from');
    if (days > MAX_RANGE_DAYS)
      throw new AppError('VALIDATION', `Choose a range of at most ${MAX_RANGE_DAYS} days`, 'to');
  }

  app.get(
    '/api/admin/analytics',
    { schema: { querystring: RangeSchema }, config: { access: { admin: 'manager' } } },
    async (request, reply) => {
      checkRange(request.query.from, request.query.to);
      return reply
        .header('cache-control', 'no-store')
        .send(await analyticsReport(app.db, request.query.from, request.query.to));
    },
  );

  app.get(
    '/api/admin/analytics.csv',
    { schema: { querystring: RangeSchema }, config: { access: { admin: 'manager' } } },
    async (request, reply) => {
      checkRange(request.query.from, request.query.to);
      const report = await analyticsReport(app.db, request.query.from, request.query.to);
      const views = new Map(report.daily.map((d) => [String(d.day), d]));
      const gifts = new Map(report.donationsDaily.map((d) => [String(d.day), d]));
      const days = [...new Set([...views.keys(), ...gifts.keys()])].sort();
      const csv = toCsv(
        ['day', 'page_views', 'unique_visitors', 'donations', 'donations_usd'],
        days.map((day) => [
          day,
          Number(views.get(day)?.views ?? 0),
          Number(views.get(day)?.visitors ?? 0),
          Number(gifts.get(day)?.donations ?? 0),
          centsToDecimal(Number(gifts.get(day)?.usd_cents ?? 0)),
        ]),
      );
      return reply
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="analytics.csv"',
          'cache-control': 'no-store',
        })
        .send(csv);
    },
  );
};
export default analytics;
