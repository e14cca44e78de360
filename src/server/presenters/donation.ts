/** Donations and intents as the admin panel shows them. */
import { centsToDollars } from '#shared/money.ts';
import { transparencyPath } from '#shared/routes.ts';
import type { AdminDonation, AdminDonationListItem, AdminIntent } from '#shared/schemas/admin-donations.ts';
import type { MyGift } from '#shared/schemas/donation.ts';
import type { DonationListRow, DonationRow, GiftRow, OpenIntentRow } from '../db/queries/donations.ts';

/** Admin list shape (spec section 3) plus exact cents, currency and reference. */
export function presentDonation(row: DonationRow): AdminDonation {
  return {
    id: row.id,
    amount: centsToDollars(row.amountCents),
    amountCents: row.amountCents,
    currency: row.currency,
    usdCents: row.usdCents,
    paymentMethod: row.paymentMethod,
    donorName: row.isAnonymous ? null : row.donorName,
    isAnonymous: row.isAnonymous,
    donorEmail: row.donorEmail,
    showPublicly: row.showPublicly,
    message: row.message,
    messageHidden: row.messageHiddenAt !== null,
    externalReference: row.externalReference,
    intentId: row.intentId,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** A donation in the admin list: with the campaign it was for and what was refunded of it. */
export function presentDonationListItem(
  { donation, fundraiserTitle }: DonationListRow,
  refundedCents: number,
): AdminDonationListItem {
  return { ...presentDonation(donation), refundedCents, campaignId: donation.campaignId, fundraiserTitle };
}

/** An intent as the admin list shows it. */
export function presentIntent({ intent: row, fundraiserTitle }: OpenIntentRow): AdminIntent {
  return {
    id: row.id,
    campaignId: row.campaignId,
    fundraiserTitle,
    amount: centsToDollars(row.amountCents),
    amountCents: row.amountCents,
    paymentMethod: row.paymentMethod,
    message: row.message,
    donorName: row.donorName,
    donorEmail: row.donorEmail,
    showPublicly: row.showPublicly,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A gift as its donor sees it on her profile. */
export function presentGift(row: GiftRow): MyGift {
  return {
    id: row.id,
    amount: { cents: row.amountCents, currency: row.currency },
    usdCents: row.usdCents,
    paymentMethod: row.paymentMethod,
    recordedAt: row.createdAt.toISOString(),
    refundedCents: row.refundedCents,
    shownPublicly: row.showPublicly && !row.isAnonymous,
    // The main appeal, or a patient's fundraiser: each has its own ledger page.
    campaign:
      row.fundraiserTitle === null
        ? { name: row.appealName ?? 'The main appeal', transparencyPath: transparencyPath() }
        : { name: row.fundraiserTitle, transparencyPath: transparencyPath(row.campaignSlug) },
  };
}
