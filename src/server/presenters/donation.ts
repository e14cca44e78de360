/** Donations and intents as the admin panel shows them. */
import { centsToDollars } from '#shared/money.ts';
import type { AdminDonation, AdminIntent } from '#shared/schemas/admin-donations.ts';
import type { DonationRow, IntentRow } from '../db/queries/donations.ts';

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
    message: row.message,
    externalReference: row.externalReference,
    intentId: row.intentId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An intent as the admin list shows it. */
export function presentIntent(row: IntentRow): AdminIntent {
  return {
    id: row.id,
    amount: centsToDollars(row.amountCents),
    amountCents: row.amountCents,
    paymentMethod: row.paymentMethod,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
