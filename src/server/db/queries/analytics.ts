/** Read models of first-party analytics: page views, visitors, top pages, the donation funnel, donations per day. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type DailyViews = { day: string; views: number; visitors: number };
type PageViews = { path: string; views: number };
type Funnel = { story_views: number; donate_clicks: number; intents: number; donations: number };
type IntentsByMethod = { method: string; intents: number };
type ClicksByMethod = { method: string | null; clicks: number };
// A bigint sum: node-postgres answers it as a string.
type DonationsDay = { day: string; donations: number; usd_cents: number | string };

/** The rows of a raw query, typed by the caller (both drivers answer `{ rows }`). */
async function rows<Row extends Record<string, unknown>>(db: Db, query: SQL): Promise<Row[]> {
  return (await db.execute<Row>(query)).rows;
}

/** One patient's fundraiser: its pages (its address and those under it) and its campaign's money. */
export interface FundraiserScope {
  slug: string;
  campaignId: string;
}

/**
 * The figures for [from, to] (whole UTC days, both included): of the whole site, or of one fundraiser (its pages'
 * views and clicks, its campaign's intents and gifts; its own page is the funnel's first step).
 */
export async function analyticsReport(db: Db, from: string, to: string, fundraiser?: FundraiserScope) {
  const start = `${from}T00:00:00Z`;
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS).toISOString();
  const within = sql`created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz`;
  const page = fundraiser ? `/fundraisers/${fundraiser.slug}` : null;
  // Events: in range, and on the fundraiser's pages when scoped. Money: in range, and of its campaign.
  const inRange = page ? sql`${within} and (path = ${page} or path like ${`${page}/%`})` : within;
  const moneyInRange = fundraiser ? sql`${within} and campaign_id = ${fundraiser.campaignId}` : within;
  const storyPage = page ?? '/';
  const [daily, topPages, funnel, intentsByMethod, clicksByMethod, donationsDaily] = await Promise.all([
    rows<DailyViews>(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as views, count(distinct visitor_hash)::int as visitors
      from analytics_events where name = 'page_view' and ${inRange} group by 1 order by 1`,
    ),
    rows<PageViews>(
      db,
      sql`select path, count(*)::int as views from analytics_events where name = 'page_view' and ${inRange} group by 1 order by 2 desc, 1 limit 10`,
    ),
    rows<Funnel>(
      db,
      sql`select
      (select count(*)::int from analytics_events where name = 'page_view' and path = ${storyPage} and ${inRange}) as story_views,
      (select count(*)::int from analytics_events where name in ('donate_click', 'donate_button_click') and ${inRange}) as donate_clicks,
      (select count(*)::int from donation_intents where ${moneyInRange}) as intents,
      (select count(*)::int from donations where voided_at is null and ${moneyInRange}) as donations`,
    ),
    rows<IntentsByMethod>(
      db,
      sql`select payment_method as method, count(*)::int as intents from donation_intents where ${moneyInRange} group by 1 order by 2 desc, 1`,
    ),
    rows<ClicksByMethod>(
      db,
      sql`select props->>'method' as method, count(*)::int as clicks from analytics_events where name = 'donation_click' and ${inRange} group by 1 order by 2 desc, 1`,
    ),
    rows<DonationsDay>(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as donations, coalesce(sum(usd_cents), 0)::bigint as usd_cents
      from donations where voided_at is null and ${moneyInRange} group by 1 order by 1`,
    ),
  ]);
  const f = funnel[0];
  return {
    from,
    to,
    daily,
    topPages,
    funnel: [
      { step: 'Story views', count: Number(f?.story_views ?? 0) },
      { step: 'Donate clicks', count: Number(f?.donate_clicks ?? 0) },
      { step: 'Intents', count: Number(f?.intents ?? 0) },
      { step: 'Recorded donations', count: Number(f?.donations ?? 0) },
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

export type AnalyticsReport = Awaited<ReturnType<typeof analyticsReport>>;
