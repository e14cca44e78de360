/**
 * Money that records itself (decision 013): a processor's signed event or a statement's row, stored once by (source,
 * its id), then matched. A payment carrying a known reference becomes a gift to its intent's campaign at once; a
 * refund or dispute reverses the gift its payment became (or waits for that payment); everything else waits in the
 * reconciliation inbox for a manager. Nothing is recorded on a guess.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { PAYMENT_SOURCE_NAMES, type ImportOutcome } from '#shared/schemas/payments.ts';
import { giftTarget } from '../db/queries/fundraisers.ts';
import {
  donationIntents,
  donations,
  paymentGifts,
  paymentImports,
  payments,
  type PaymentState,
} from '../db/schema/index.ts';
import { audit } from '../services/audit.ts';
import type { PaymentMovement, PaymentSource } from '../services/payments/movement.ts';
import type { StatementRow } from '../services/payments/statements.ts';
import { storeGift } from './donations.ts';
import { lockDonation, refundFromLedger } from './refunds.ts';
import type { CommandContext, Tx } from './run.ts';

/** Where a movement came from: a signed event (its id and type, and its body) or a statement's import. */
export type PaymentOrigin =
  { eventId: string; eventType: string; payload: unknown } | { importId: string; payload?: unknown };

export type PaymentRow = typeof payments.$inferSelect;

/** What became of a movement: already known (nothing changed), or stored in this state. */
export type PaymentOutcome = { duplicate: true } | { duplicate: false; id: string; state: PaymentState };

/**
 * Stores a movement once and acts on it. A redelivery, or a statement's row for a movement we already have, changes
 * nothing; on two instances at once, the second waits for the first's commit and then finds it.
 */
export async function receivePayment(
  ctx: CommandContext,
  source: PaymentSource,
  movement: PaymentMovement,
  origin: PaymentOrigin,
): Promise<PaymentOutcome> {
  const { tx } = ctx;
  // A payment and its refunds are decided one at a time, so a refund that arrives while its payment is being
  // recorded either sees the gift or is seen waiting by it (without this, each could miss the other).
  await lockPaymentKey(tx, source, movement.paymentExternalId ?? movement.externalId);
  const [stored] = await tx
    .insert(payments)
    .values(paymentValues(ctx, source, movement, origin))
    .onConflictDoNothing({ target: [payments.source, payments.externalId] })
    .returning();
  if (!stored) return { duplicate: true };
  return { duplicate: false, id: stored.id, state: await actOn(ctx, stored) };
}

/** A movement's row, as it waits before the matcher acts on it. */
function paymentValues(
  { now }: CommandContext,
  source: PaymentSource,
  movement: PaymentMovement,
  origin: PaymentOrigin,
): typeof payments.$inferInsert {
  return {
    source,
    externalId: movement.externalId,
    kind: movement.kind,
    paymentExternalId: movement.paymentExternalId,
    amountCents: movement.amountCents,
    cumulative: movement.cumulative ?? false,
    currency: movement.currency,
    feeCents: movement.feeCents,
    occurredAt: movement.occurredAt,
    reference: movement.reference,
    payerName: movement.payerName,
    payerEmail: movement.payerEmail,
    note: movement.note,
    state: 'unmatched',
    problem: movement.kind === 'payment' && !movement.reference ? NO_REFERENCE : null,
    eventId: 'eventId' in origin ? origin.eventId : null,
    eventType: 'eventType' in origin ? origin.eventType : null,
    importId: 'importId' in origin ? origin.importId : null,
    payload: origin.payload ?? null,
    receivedAt: now,
  };
}

const NO_REFERENCE = 'No gift reference: match it to a gift, or mark it';

/** What the matcher does with a stored movement: a payment is matched, a refund or dispute reverses one. */
const actOn = (ctx: CommandContext, stored: PaymentRow) =>
  stored.kind === 'payment' ? matchPayment(ctx, stored) : reverse(ctx, stored);

/** Statement rows stored in one statement each this many at a time: a 50,000-row statement in 100 round trips. */
const IMPORT_BATCH = 500;

/**
 * Imports a statement in one transaction: its rows stored once each (a row we already have, from this file, an
 * earlier import or a processor's event, adds nothing), those with a reference or reversing a payment matched as
 * an event's would be, the rest left in the inbox. A bad line anywhere throws, and nothing of the file is kept.
 */
export async function importStatement(
  ctx: CommandContext,
  source: PaymentSource,
  fileName: string,
  rows: AsyncIterable<StatementRow>,
): Promise<ImportOutcome> {
  const { tx, actor, now } = ctx;
  await lockSource(tx, source);
  const [statement] = await tx
    .insert(paymentImports)
    .values({ source, fileName, importedBy: actor.id, rowCount: 0, createdAt: now })
    .returning({ id: paymentImports.id });
  const importId = statement!.id;
  const outcome: ImportOutcome = { importId, rows: 0, added: 0, recorded: 0, waiting: 0, unmatched: 0 };
  let batch: PaymentMovement[] = [];
  const storeBatch = async () => {
    const stored = await tx
      .insert(payments)
      .values(batch.map((movement) => paymentValues(ctx, source, movement, { importId })))
      .onConflictDoNothing({ target: [payments.source, payments.externalId] })
      .returning();
    batch = [];
    outcome.added += stored.length;
    for (const row of stored) {
      // Without a reference a payment is the inbox's as stored: nothing more to do for most of a statement's rows.
      if (row.kind === 'payment' && !row.reference) {
        outcome.unmatched += 1;
        continue;
      }
      const state = await actOn(ctx, row);
      outcome[state === 'not_gift' ? 'unmatched' : state] += 1;
    }
  };
  for await (const { movement } of rows) {
    outcome.rows += 1;
    batch.push(movement);
    if (batch.length === IMPORT_BATCH) await storeBatch();
  }
  if (batch.length) await storeBatch();
  await tx.update(paymentImports).set({ rowCount: outcome.rows }).where(eq(paymentImports.id, importId));
  await audit(tx, actor, {
    action: 'payment.import',
    targetType: 'payment_import',
    targetId: importId,
    after: { source, fileName, ...outcome },
  });
  return outcome;
}

/**
 * Takes a payment's turn: shared on its source (events of one source do not wait for each other) and exclusive on
 * the payment. A statement's import takes its source whole instead (importStatement), one lock however many rows:
 * a lock per row would fill the database's lock table on a large file.
 */
async function lockPaymentKey(tx: Tx, source: string, paymentKey: string) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtextextended(${`payments:${source}`}, 0))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payment:${source}:${paymentKey}`}, 0))`);
}

/** A statement's import waits for the events of its source in flight, and they for it. */
const lockSource = (tx: Tx, source: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payments:${source}`}, 0))`);

/** Leaves a movement for a manager, saying why. */
async function leaveForManager(tx: Tx, payment: PaymentRow, problem: string, campaignId: string | null = null) {
  await tx.update(payments).set({ state: 'unmatched', problem, campaignId }).where(eq(payments.id, payment.id));
  return 'unmatched' as const;
}

/** Records a payment as its reference's gift when everything about it is certain; else leaves it for a manager. */
async function matchPayment(ctx: CommandContext, payment: PaymentRow): Promise<PaymentState> {
  const { tx } = ctx;
  const method = PAYMENT_SOURCE_NAMES[payment.source as PaymentSource];
  // Typed in by hand before it arrived: the payment is that gift, not a second one.
  const [byHand] = await tx
    .select({ id: donations.id, campaignId: donations.campaignId })
    .from(donations)
    .where(and(eq(donations.paymentMethod, method), eq(donations.externalReference, payment.externalId)));
  if (byHand) return settle(ctx, payment, byHand.campaignId, [{ donationId: byHand.id, cents: payment.amountCents }]);
  if (!payment.reference) return leaveForManager(tx, payment, NO_REFERENCE);
  const [intent] = await tx.select().from(donationIntents).where(eq(donationIntents.reference, payment.reference));
  if (!intent) return leaveForManager(tx, payment, `${payment.reference} matches no gift reference we gave`);
  const campaign = await giftTarget(tx, intent.campaignId);
  if (!campaign)
    return leaveForManager(
      tx,
      payment,
      `${payment.reference} is for a fundraiser that takes no gifts`,
      intent.campaignId,
    );
  if (payment.currency !== 'USD')
    return leaveForManager(
      tx,
      payment,
      `Paid in ${payment.currency}: record it with the US dollars it came to`,
      intent.campaignId,
    );
  const feeCents = payment.feeCents ?? 0;
  if (feeCents >= payment.amountCents)
    return leaveForManager(tx, payment, 'Its fee is as large as the payment itself', intent.campaignId);
  await tx.update(donationIntents).set({ status: 'matched' }).where(eq(donationIntents.id, intent.id));
  // What the donor told us on the donate page, with her consent; the processor's payer details stay here.
  const gift = await storeGift(
    ctx,
    campaign,
    {
      amountCents: payment.amountCents,
      currency: 'USD',
      usdCents: payment.amountCents,
      usdFeeCents: feeCents,
      paymentMethod: method,
      donorName: intent.donorName,
      isAnonymous: !intent.donorName,
      donorEmail: intent.donorEmail,
      showPublicly: intent.showPublicly,
      message: intent.message,
      intentId: intent.id,
      externalReference: payment.externalId,
    },
    { paymentId: payment.id, reference: payment.reference },
  );
  return settle(ctx, payment, campaign.id, [{ donationId: gift.id, cents: payment.amountCents }]);
}

/**
 * Marks a payment recorded as these gifts, then applies the refunds and disputes of it that came first and waited.
 */
export async function settle(
  ctx: CommandContext,
  payment: PaymentRow,
  campaignId: string,
  gifts: readonly { donationId: string; cents: number }[],
): Promise<PaymentState> {
  const { tx } = ctx;
  await tx
    .insert(paymentGifts)
    .values(gifts.map((g) => ({ paymentId: payment.id, donationId: g.donationId, amountCents: g.cents })));
  await tx.update(payments).set({ state: 'recorded', problem: null, campaignId }).where(eq(payments.id, payment.id));
  const waiting = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.source, payment.source),
        eq(payments.paymentExternalId, payment.externalId),
        eq(payments.state, 'waiting'),
      ),
    )
    .orderBy(payments.occurredAt);
  for (const reversal of waiting) await reverse(ctx, reversal);
  return 'recorded';
}

/**
 * A refund or dispute: money back from the gift its payment became, with the donor's notice when it is all of it.
 * Its payment not recorded yet: it waits, and is applied when the payment is. Anything uncertain: a manager's.
 */
async function reverse(ctx: CommandContext, reversal: PaymentRow): Promise<PaymentState> {
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
