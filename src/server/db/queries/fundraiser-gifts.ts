/**
 * Read models of a fundraiser's gifts for its owner (issue 34): the gifts that stand, a page at a time, and the
 * addresses a thank-you goes to. Never a donor's address in what she reads: presenters/fundraiser-gifts.ts.
 */
import { and, count, desc, eq, isNotNull, isNull, sql, sum } from 'drizzle-orm';
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

/** A gift whose donor a thank-you goes to: she left an address, and the gift was not refunded in full. */
function thankable(db: Db | Tx) {
  const refunded = db
    .select({ total: sum(ledgerEntries.amountCents) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'refund'), eq(ledgerEntries.donationId, donations.id)));
  return and(isNotNull(donations.donorEmail), sql`coalesce((${refunded}), 0) < ${donations.usdCents}`)!;
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

/** The addresses a thank-you goes to: each thankable donor's, once (in any case). */
export async function thankableAddresses(db: Db | Tx, campaignId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(${donations.donorEmail})` })
    .from(donations)
    .where(and(standing(campaignId), thankable(db)));
  return rows.map((r) => r.email);
}
