/**
 * Refunds and disputes of payments that record themselves (decision 013): money back from the gift a payment
 * became, or waiting until that payment is recorded; and a payment settled as its gifts, which applies the reversals
 * of it that came first and waited. Anything uncertain is left for a manager, saying why.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import type { PaymentRow } from '../db/queries/payments.ts';
import { insertRows } from '../db/insert-rows.ts';
import { paymentGifts, payments, type PaymentState } from '../db/schema/index.ts';
import { lockDonation, refundFromLedger } from './refunds.ts';
import type { CommandContext, Tx } from './run.ts';

/** A payment and the gifts it became. */
interface Settlement {
  payment: PaymentRow;
  gifts: readonly { donationId: string; cents: number }[];
}

/**
 * Marks a payment recorded as these gifts, then applies the refunds and disputes of it that came first and waited.
 */
export async function settle(
  ctx: CommandContext,
  payment: PaymentRow,
  campaignId: string,
  gifts: Settlement['gifts'],
): Promise<PaymentState> {
  await ctx.tx
    .update(payments)
    .set({ state: 'recorded', problem: null, campaignId })
    .where(eq(payments.id, payment.id));
  await linkGifts(ctx, [{ payment, gifts }]);
  return 'recorded';
}

/**
 * Links recorded payments to their gifts, then applies the refunds and disputes of them that came first and
 * waited: a statement each however many.
 */
export async function linkGifts(ctx: CommandContext, settlements: readonly Settlement[]) {
  const { tx } = ctx;
  await insertRows(
    tx,
    paymentGifts,
    settlements.flatMap(({ payment, gifts }) =>
      gifts.map((g) => ({ paymentId: payment.id, donationId: g.donationId, amountCents: g.cents })),
    ),
  );
  for (const source of new Set(settlements.map(({ payment }) => payment.source))) {
    const waiting = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.source, source),
          inArray(
            payments.paymentExternalId,
            settlements.filter(({ payment }) => payment.source === source).map(({ payment }) => payment.externalId),
          ),
          eq(payments.state, 'waiting'),
        ),
      )
      .orderBy(payments.occurredAt);
    for (const reversal of waiting) await reverse(ctx, reversal);
  }
}

/**
 * A refund or dispute: money back from the gift its payment became, with the donor's notice when it is all of it.
 * Its payment not recorded yet: it waits, and is applied when the payment is. Anything uncertain: a manager's.
 */
export async function reverse(ctx: CommandContext, reversal: PaymentRow): Promise<PaymentState> {
  const { tx } = ctx;
  const [original] = reversal.paymentExternalId
    ? await tx
        .select()
        .from(payments)
        .where(and(eq(payments.source, reversal.source), eq(payments.externalId, reversal.paymentExternalId)))
    : [];
  if (!original) {
    if (!reversal.paymentExternalId) return leaveForManager(tx, reversal, 'A refund that names no payment');
    await tx
      .update(payments)
      .set({ state: 'waiting', problem: 'Waiting for the payment it reverses' })
      .where(eq(payments.id, reversal.id));
    return 'waiting';
  }
  if (original.state !== 'recorded') {
    await tx
      .update(payments)
      .set({ state: 'waiting', problem: 'Waiting for its payment to be recorded' })
      .where(eq(payments.id, reversal.id));
    return 'waiting';
  }
  const gifts = await tx.select().from(paymentGifts).where(eq(paymentGifts.paymentId, original.id));
  if (gifts.length !== 1)
    return leaveForManager(tx, reversal, 'Its payment became several gifts: refund the right one', original.campaignId);
  const donation = await lockDonation(tx, gifts[0]!.donationId);
  if (donation.voidedAt) return leaveForManager(tx, reversal, 'The gift it reverses was voided', original.campaignId);
  if (reversal.currency !== 'USD' || donation.currency !== 'USD')
    return leaveForManager(tx, reversal, `In ${reversal.currency}: refund its US dollars by hand`, original.campaignId);
  // Stripe says all refunded so far: this refund is what is new since the last we applied.
  const applied = reversal.cumulative ? await reversedSoFar(tx, original) : 0;
  const cents = reversal.amountCents - applied;
  if (cents > 0) {
    try {
      await refundFromLedger(ctx, donation, cents, {
        reason: reversal.kind === 'dispute' ? `Disputed at ${original.source}` : `Refunded at ${original.source}`,
        paymentId: reversal.id,
        noticeToDonor: true,
      });
    } catch (err) {
      // More than the gift, or than its campaign holds: a manager sees why.
      if (err instanceof AppError) return leaveForManager(tx, reversal, err.message, original.campaignId);
      throw err;
    }
    await tx.insert(paymentGifts).values({ paymentId: reversal.id, donationId: donation.id, amountCents: cents });
  }
  await tx
    .update(payments)
    .set({ state: 'recorded', problem: null, campaignId: original.campaignId })
    .where(eq(payments.id, reversal.id));
  return 'recorded';
}

/** What this payment's refunds and disputes took back so far. */
async function reversedSoFar(tx: Tx, original: PaymentRow): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${paymentGifts.amountCents}), 0)::bigint` })
    .from(paymentGifts)
    .innerJoin(payments, eq(payments.id, paymentGifts.paymentId))
    .where(and(eq(payments.source, original.source), eq(payments.paymentExternalId, original.externalId)));
  return Number(row!.cents);
}

/** Leaves a movement for a manager, saying why. */
async function leaveForManager(tx: Tx, payment: PaymentRow, problem: string, campaignId: string | null = null) {
  await tx.update(payments).set({ state: 'unmatched', problem, campaignId }).where(eq(payments.id, payment.id));
  return 'unmatched' as const;
}
