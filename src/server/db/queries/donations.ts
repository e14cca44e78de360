/** Read models of money received: recorded donations and open intents (admin lists and exports). */
import { and, count, desc, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import type { ShownCampaign } from '#shared/schemas/admin-donations.ts';
import type { GiftStatus } from '#shared/schemas/donation.ts';
import type { Db } from '../client.ts';
import { campaigns, donationIntents, donations, fundraisers, ledgerBalances, ledgerEntries } from '../schema/index.ts';
import { byConfirmedEmail } from './accounts.ts';
import type { UserRow } from './users.ts';
import { campaignIdOrSlug } from '../campaign-key.ts';
import { giftTarget } from './fundraisers.ts';
import { paged } from './paging.ts';

export type DonationRow = typeof donations.$inferSelect;
export type IntentRow = typeof donationIntents.$inferSelect;
/** An open intent with the fundraiser it is for (null: the main appeal). */
export interface OpenIntentRow {
  intent: IntentRow;
  fundraiserTitle: string | null;
}

/** A recorded donation with the fundraiser it was for (null: the main appeal). */
export interface DonationListRow {
  donation: DonationRow;
  fundraiserTitle: string | null;
}

/**
 * Live (not voided) donations, newest first, a page at a time, of every campaign or of one. The total is the
 * campaigns' running count (ledger_balances, kept by the ledger's trigger): exact, without counting every gift.
 */
export function donationsPage<Item>(
  db: Db,
  page: number,
  present: (row: DonationListRow) => Item,
  campaignId?: string,
) {
  const live = isNull(donations.voidedAt);
  return paged(
    { page, pageSize: ADMIN_LIST_PAGE_SIZE },
    (limit, offset) =>
      db
        .select({ donation: donations, fundraiserTitle: fundraisers.title })
        .from(donations)
        .leftJoin(fundraisers, eq(fundraisers.campaignId, donations.campaignId))
        .where(campaignId ? and(live, eq(donations.campaignId, campaignId)) : live)
        .orderBy(desc(donations.createdAt))
        .limit(limit)
        .offset(offset),
    () =>
      db
        .select({ n: sql<number>`coalesce(sum(${ledgerBalances.donationCount}), 0)::int` })
        .from(ledgerBalances)
        .where(campaignId ? eq(ledgerBalances.campaignId, campaignId) : undefined),
    present,
  );
}

/** Open intents, newest first, a page at a time, of every campaign or of one; read through the open ones' indexes. */
export function openIntentsPage<Item>(
  db: Db,
  page: number,
  present: (row: OpenIntentRow) => Item,
  campaignId?: string,
) {
  const open = campaignId
    ? and(eq(donationIntents.status, 'open'), eq(donationIntents.campaignId, campaignId))
    : eq(donationIntents.status, 'open');
  return paged(
    { page, pageSize: ADMIN_LIST_PAGE_SIZE },
    (limit, offset) =>
      db
        .select({ intent: donationIntents, fundraiserTitle: fundraisers.title })
        .from(donationIntents)
        .leftJoin(fundraisers, eq(fundraisers.campaignId, donationIntents.campaignId))
        .where(open)
        .orderBy(desc(donationIntents.createdAt))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(donationIntents).where(open),
    present,
  );
}

/**
 * The campaign (by id or slug) the donations panel narrows to: its id, address and fundraiser's title (null: the main
 * appeal); undefined if there is none.
 */
export async function shownCampaign(db: Db, idOrSlug: string): Promise<ShownCampaign | undefined> {
  const [row] = await db
    .select({ id: campaigns.id, slug: campaigns.slug, fundraiserTitle: fundraisers.title })
    .from(campaigns)
    .leftJoin(fundraisers, eq(fundraisers.campaignId, campaigns.id))
    .where(campaignIdOrSlug(idOrSlug));
  return row;
}

/** Every donation, voided ones too, newest first, with its campaign's address (the CSV export). */
export function allDonations(db: Db) {
  return db
    .select({ donation: donations, campaign: campaigns.slug })
    .from(donations)
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .orderBy(desc(donations.createdAt));
}

/** Every intent whatever its status, newest first, with its campaign's address (the CSV export). */
export function allIntents(db: Db) {
  return db
    .select({ intent: donationIntents, campaign: campaigns.slug })
    .from(donationIntents)
    .innerJoin(campaigns, eq(campaigns.id, donationIntents.campaignId))
    .orderBy(desc(donationIntents.createdAt));
}

/** USD cents refunded so far per donation, for the given donations. */
export async function refundedByDonation(db: Db, donationIds: string[]): Promise<Map<string, number>> {
  if (donationIds.length === 0) return new Map();
  const rows = await db
    .select({ donationId: ledgerEntries.donationId, total: sum(ledgerEntries.amountCents) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'refund'), inArray(ledgerEntries.donationId, donationIds)))
    .groupBy(ledgerEntries.donationId);
  return new Map(rows.map((r) => [r.donationId!, Number(r.total ?? 0)]));
}

/**
 * Gifts recorded with her confirmed address, newest first, with the campaign each was for and what was refunded of
 * each: how a signed-in donor finds her own gifts. Nothing is linked before she confirms the address.
 */
export async function giftsOf(db: Db, user: UserRow) {
  const rows = await db
    .select({
      donation: donations,
      campaignSlug: campaigns.slug,
      fundraiserTitle: fundraisers.title,
      appealName: sql<string | null>`${campaigns.content}->>'name'`,
    })
    .from(donations)
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .leftJoin(fundraisers, eq(fundraisers.campaignId, donations.campaignId))
    .where(byConfirmedEmail(user, donations.donorEmail))
    .orderBy(desc(donations.createdAt));
  const refunded = await refundedByDonation(
    db,
    rows.map((r) => r.donation.id),
  );
  return rows.map(({ donation, ...campaign }) => ({
    ...donation,
    ...campaign,
    refundedCents: refunded.get(donation.id) ?? 0,
  }));
}
export type GiftRow = Awaited<ReturnType<typeof giftsOf>>[number];

/**
 * Whether the gift of a reference is counted (GET /api/gift-status/:reference): counted once a gift recorded from
 * its intent stands, refunded once all of it came back. Nothing about who gave or how much: a reference can be
 * guessed. Undefined: no such reference, or its campaign is not one donors may know of.
 */
export async function giftStatusOf(db: Db, reference: string): Promise<GiftStatus | undefined> {
  const [intent] = await db
    .select({ id: donationIntents.id, campaignId: donationIntents.campaignId })
    .from(donationIntents)
    .where(eq(donationIntents.reference, reference));
  const campaign = intent && (await giftTarget(db, intent.campaignId));
  if (!intent || !campaign) return undefined;
  const gifts = await db
    .select({ id: donations.id, usdCents: donations.usdCents })
    .from(donations)
    .where(and(eq(donations.intentId, intent.id), isNull(donations.voidedAt)));
  const refunded = await refundedByDonation(
    db,
    gifts.map((g) => g.id),
  );
  const standing = gifts.filter((g) => (refunded.get(g.id) ?? 0) < g.usdCents);
  return {
    reference,
    status: standing.length > 0 ? 'counted' : gifts.length > 0 ? 'refunded' : 'waiting',
    // The main appeal's progress is on its campaign page; a fundraiser's on its own.
    campaign: { name: campaign.name, path: campaign.page === '/transparency' ? '/' : campaign.page },
  };
}
