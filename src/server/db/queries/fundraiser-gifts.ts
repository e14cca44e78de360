/**
 * Read models of a fundraiser's gifts for its owner (issue 34): the gifts that stand, a page at a time, and the
 * gifts a thank-you goes to. Never a donor's address in what she reads: presenters/fundraiser-gifts.ts.
 */
import { and, count, countDistinct, desc, eq, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { donations, ledgerEntries } from '../schema/index.ts';
import { paged } from './paging.ts';

/** A gift, and whether a thank-you reaches its donor. */
export interface OwnGiftRow {
  gift: typeof donations.$inferSelect;
  thankable: boolean;
}

/** Gifts of her fundraiser per page of her list. */
export const OWN_GIFTS_PAGE_SIZE = 20;

const standing = (campaignId: string) => and(eq(donations.campaignId, campaignId), isNull(donations.voidedAt));

/**
 * A gift whose donor a thank-you goes to: she left an address, the gift was not refunded in full, and its owner has
 * not thanked it yet (each gift is thanked once: her address was left for a receipt, not for a newsletter).
 */
function thankable(db: Db | Tx) {
  const refunded = db
    .select({ total: sum(ledgerEntries.amountCents) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'refund'), eq(ledgerEntries.donationId, donations.id)));
  return and(
    isNotNull(donations.donorEmail),
    isNull(donations.ownerThankedAt),
    sql`coalesce((${refunded}), 0) < ${donations.usdCents}`,
  )!;
}

/** A page of the campaign's gifts that stand, newest first. */
export function ownGiftsPage<Item>(db: Db, campaignId: string, page: number, present: (row: OwnGiftRow) => Item) {
  return paged(
    { page, pageSize: OWN_GIFTS_PAGE_SIZE },
    (limit, offset) =>
      db
        .select({ gift: donations, thankable: sql<boolean>`coalesce(${thankable(db)}, false)` })
        .from(donations)
        .where(standing(campaignId))
        .orderBy(desc(donations.createdAt), desc(donations.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(donations).where(standing(campaignId)),
    present,
  );
}

/** How many donors a thank-you would reach now: each address once (in any case). */
export async function thankableDonorCount(db: Db, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(sql`lower(${donations.donorEmail})`) })
    .from(donations)
    .where(and(standing(campaignId), thankable(db)));
  return row?.n ?? 0;
}

/** The gifts a thank-you goes to now, locked (two thank-yous cannot both take them), and their donors' addresses. */
export async function claimThankableGifts(tx: Tx, campaignId: string): Promise<{ ids: string[]; addresses: string[] }> {
  const rows = await tx
    .select({ id: donations.id, email: donations.donorEmail })
    .from(donations)
    .where(and(standing(campaignId), thankable(tx)))
    .for('update', { of: donations });
  return { ids: rows.map((r) => r.id), addresses: [...new Set(rows.map((r) => r.email!.toLowerCase()))] };
}
