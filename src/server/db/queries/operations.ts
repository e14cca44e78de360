/** Read models of the admin dashboard and the contact inbox. */
import { and, asc, count, desc, eq, gte, isNull, min, sql, sum } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import type { DashboardMoney, DashboardQueues, FundraiserMoney } from '#shared/schemas/admin-dashboard.ts';
import type { Db } from '../client.ts';
import {
  campaigns,
  contactMessages,
  doctorProfiles,
  donationIntents,
  donations,
  fundraisers,
  ledgerBalances,
  stories,
} from '../schema/index.ts';
import { failedMailCount } from './mail-failures.ts';
import { paged } from './paging.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** What waits for a moderator or anyone above: doctors to verify, new messages, stories to review. */
export async function dashboardQueues(db: Db): Promise<Omit<DashboardQueues, 'notReady'>> {
  const [[doctors], [messages], [pendingStories], failedMail] = await Promise.all([
    db.select({ n: count() }).from(doctorProfiles).where(eq(doctorProfiles.verificationStatus, 'pending')),
    db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, 'new')),
    db
      .select({ n: count(), oldest: min(stories.submittedAt) })
      .from(stories)
      .where(eq(stories.status, 'pending')),
    failedMailCount(db),
  ]);
  return {
    pendingDoctorVerifications: doctors?.n ?? 0,
    newContactMessages: messages?.n ?? 0,
    failedMail,
    pendingStories: pendingStories?.n ?? 0,
    oldestPendingStoryAt: pendingStories?.oldest ? new Date(pendingStories.oldest).toISOString() : null,
  };
}

/**
 * Donors as people, not gifts, over every gift that stands: each email address once (in any case), and each gift
 * without an address as one person, since nothing tells two of them apart.
 */
export const distinctDonors = sql<number>`(count(distinct lower(${donations.donorEmail})) + count(*) filter (where ${donations.donorEmail} is null))::int`;

/**
 * Raised today (UTC) and in all, donors, and the open intents with the oldest's time. In all comes from every
 * campaign's running totals; today sums only today's gifts (by index); donors are people (distinctDonors).
 */
export async function dashboardMoney(db: Db, now: Date): Promise<DashboardMoney> {
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [[total], [donors], [today], [intents], fundraiserMoney] = await Promise.all([
    db.select({ cents: sum(ledgerBalances.raisedCents) }).from(ledgerBalances),
    db.select({ n: distinctDonors }).from(donations).where(isNull(donations.voidedAt)),
    db
      .select({ cents: sum(donations.usdCents) })
      .from(donations)
      .where(and(isNull(donations.voidedAt), gte(donations.createdAt, startOfDay))),
    db
      .select({ n: count(), oldest: min(donationIntents.createdAt) })
      .from(donationIntents)
      .where(eq(donationIntents.status, 'open')),
    dashboardFundraisers(db),
  ]);
  return {
    fundraisers: fundraiserMoney,
    totalRaisedCents: Number(total?.cents ?? 0),
    todayRaisedCents: Number(today?.cents ?? 0),
    donorCount: donors?.n ?? 0,
    openIntents: intents?.n ?? 0,
    oldestOpenIntentAt: intents?.oldest ? new Date(intents.oldest).toISOString() : null,
  };
}

/** The live fundraisers the dashboard lists: those holding the most money (what managers release next). */
export const DASHBOARD_FUNDRAISERS = 10;

/** Patients' fundraisers for the managers' dashboard: how many wait and are live, and the most money held. */
export async function dashboardFundraisers(db: Db): Promise<DashboardMoney['fundraisers']> {
  const held = sql<number>`coalesce(${ledgerBalances.raisedCents} - ${ledgerBalances.feesCents} - ${ledgerBalances.releasedCents} - ${ledgerBalances.refundedCents}, 0)`;
  const [counts, mostHeld] = await Promise.all([
    db
      .select({ status: fundraisers.status, n: count() })
      .from(fundraisers)
      .where(sql`${fundraisers.status} in ('in_review', 'live')`)
      .groupBy(fundraisers.status),
    db
      .select({
        slug: campaigns.slug,
        title: sql<string>`coalesce(${fundraisers.title}, '')`,
        goalCents: campaigns.goalCents,
        raisedCents: sql<number>`coalesce(${ledgerBalances.raisedCents}, 0)`.mapWith(Number),
        heldCents: held.mapWith(Number),
        releasedCents: sql<number>`coalesce(${ledgerBalances.releasedCents}, 0)`.mapWith(Number),
        donationCount: sql<number>`coalesce(${ledgerBalances.donationCount}, 0)`.mapWith(Number),
      })
      .from(fundraisers)
      .innerJoin(campaigns, eq(campaigns.id, fundraisers.campaignId))
      .leftJoin(ledgerBalances, eq(ledgerBalances.campaignId, campaigns.id))
      .where(eq(fundraisers.status, 'live'))
      .orderBy(desc(held), asc(campaigns.slug))
      .limit(DASHBOARD_FUNDRAISERS),
  ]);
  const of = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
  return { inReview: of('in_review'), live: of('live'), mostHeld: mostHeld satisfies FundraiserMoney[] };
}

/** Contact messages, new ones first and then newest first, optionally of one status, a page at a time. */
export function contactMessagesPage<Item>(
  db: Db,
  query: { page: number; status?: ContactMessageRow['status'] | undefined },
  present: (row: ContactMessageRow) => Item,
) {
  const where = query.status ? eq(contactMessages.status, query.status) : undefined;
  return paged(
    { page: query.page, pageSize: ADMIN_LIST_PAGE_SIZE },
    (limit, offset) =>
      db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(asc(contactMessages.status), desc(contactMessages.createdAt))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(contactMessages).where(where),
    present,
  );
}
