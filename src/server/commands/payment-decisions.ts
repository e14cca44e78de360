/**
 * A manager's decisions on the reconciliation inbox (decision 013): record a payment as a gift, join several into
 * one, split one by campaign, or mark it as no gift, each on the version she read; and the column mappings she saves.
 */
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { dollarsToCents, formatCents } from '#shared/money.ts';
import {
  PAYMENT_SOURCE_NAMES,
  type ColumnMapping,
  type JoinPaymentsSchema,
  type NotGiftSchema,
  type PaymentSource,
  type RecordPaymentSchema,
  type SplitPaymentSchema,
} from '#shared/schemas/payments.ts';
import { giftTarget } from '../db/queries/fundraisers.ts';
import type { PaymentRow } from '../db/queries/payments.ts';
import { donationIntents, payments, statementMappings } from '../db/schema/index.ts';
import { audit } from '../services/audit.ts';
import { storeGift } from './donations.ts';
import { settle } from './payment-reversals.ts';
import { assertReadVersion } from './read-version.ts';
import type { CommandContext, Tx } from './run.ts';

type RecordPayment = z.output<typeof RecordPaymentSchema>;

/**
 * An inbox payment, locked, as its manager read it: 409 with the current version when it changed since (decision
 * 010), and when someone decided it meanwhile.
 */
async function lockInboxPayment(tx: Tx, id: string, version: number, kinds: PaymentRow['kind'][] = ['payment']) {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  if (!payment) throw new AppError('NOT_FOUND', 'No such payment');
  assertReadVersion(payment.version, version, 'This payment');
  if (payment.state === 'recorded' || payment.state === 'not_gift')
    throw AppError.stale('This payment was already decided', payment.version);
  if (!kinds.includes(payment.kind))
    throw new AppError('CONFLICT', `This is a ${payment.kind}, not a payment: it cannot be recorded as a gift`);
  return payment;
}

/** The gift's US dollars and fee: the payment's own when it was in dollars, else what the manager says they came to. */
function inDollars(payment: PaymentRow, input: { usdAmount?: number | undefined; usdFee?: number | undefined }) {
  if (payment.currency === 'USD') return { usdCents: payment.amountCents, usdFeeCents: payment.feeCents ?? 0 };
  if (input.usdAmount === undefined)
    throw new AppError('VALIDATION', `Give the US dollars this ${payment.currency} payment came to`, 'usdAmount');
  return { usdCents: dollarsToCents(input.usdAmount)!, usdFeeCents: dollarsToCents(input.usdFee ?? 0)! };
}

/** The intent and campaign a manager chose for a gift: the intent's campaign unless she named the same one. */
async function chosenTarget(tx: Tx, choice: { intentId?: string | undefined; campaignId?: string | undefined }) {
  const [intent] = choice.intentId
    ? await tx.select().from(donationIntents).where(eq(donationIntents.id, choice.intentId))
    : [];
  if (choice.intentId && !intent) throw new AppError('NOT_FOUND', 'No such intent', 'intentId');
  if (intent && choice.campaignId && choice.campaignId !== intent.campaignId)
    throw new AppError('VALIDATION', 'That intent is for another campaign', 'campaignId');
  const campaign = await giftTarget(tx, intent?.campaignId ?? choice.campaignId!);
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign takes gifts', 'campaignId');
  if (intent) await tx.update(donationIntents).set({ status: 'matched' }).where(eq(donationIntents.id, intent.id));
  return { intent, campaign };
}

/** A manager records an inbox payment as a gift: to the intent she chose (its donor's details) or to a campaign. */
export async function recordPaymentByHand(ctx: CommandContext, id: string, input: RecordPayment) {
  const { tx } = ctx;
  const payment = await lockInboxPayment(tx, id, input.version);
  const { usdCents, usdFeeCents } = inDollars(payment, input);
  if (usdFeeCents >= usdCents) throw new AppError('VALIDATION', 'The fee must be less than the gift', 'usdFee');
  const { intent, campaign } = await chosenTarget(tx, input);
  const gift = await storeGift(
    ctx,
    campaign,
    {
      amountCents: payment.amountCents,
      currency: payment.currency,
      usdCents,
      usdFeeCents,
      paymentMethod: PAYMENT_SOURCE_NAMES[payment.source as PaymentSource],
      donorName: input.donorName ?? intent?.donorName ?? null,
      isAnonymous: !(input.donorName ?? intent?.donorName),
      donorEmail: input.donorEmail ?? intent?.donorEmail ?? null,
      showPublicly: input.showPublicly ?? intent?.showPublicly ?? false,
      message: input.message ?? intent?.message ?? null,
      intentId: intent?.id ?? null,
      externalReference: payment.externalId,
    },
    { paymentId: payment.id },
  );
  await decided(ctx, [payment.id]);
  await settle(ctx, payment, campaign.id, [{ donationId: gift.id, cents: payment.amountCents }]);
  return gift;
}

/** Several inbox payments become one gift (a donor who paid in parts), each part linked to it. */
export async function joinPayments(ctx: CommandContext, input: z.output<typeof JoinPaymentsSchema>) {
  const { tx } = ctx;
  // In id order, as every join locks them, so two managers' overlapping joins cannot deadlock.
  const chosen = [...input.payments].sort((a, b) => a.id.localeCompare(b.id));
  if (new Set(chosen.map((p) => p.id)).size !== chosen.length)
    throw new AppError('VALIDATION', 'Each payment can be joined once', 'payments');
  const rows: PaymentRow[] = [];
  for (const { id, version } of chosen) rows.push(await lockInboxPayment(tx, id, version));
  if (rows.some((row) => row.currency !== 'USD' || row.source !== rows[0]!.source))
    throw new AppError('VALIDATION', 'Join only US dollar payments from the same source', 'payments');
  const { intent, campaign } = await chosenTarget(tx, input);
  const cents = rows.reduce((sum, row) => sum + row.amountCents, 0);
  const gift = await storeGift(
    ctx,
    campaign,
    {
      amountCents: cents,
      currency: 'USD',
      usdCents: cents,
      usdFeeCents: rows.reduce((sum, row) => sum + (row.feeCents ?? 0), 0),
      paymentMethod: PAYMENT_SOURCE_NAMES[rows[0]!.source as PaymentSource],
      donorName: intent?.donorName ?? null,
      isAnonymous: !intent?.donorName,
      donorEmail: intent?.donorEmail ?? null,
      showPublicly: intent?.showPublicly ?? false,
      message: intent?.message ?? null,
      intentId: intent?.id ?? null,
      // The gift is known by its parts (payment_gifts); no one id of the processor's names it.
      externalReference: null,
    },
    { paymentIds: rows.map((row) => row.id) },
  );
  await decided(
    ctx,
    rows.map((row) => row.id),
  );
  for (const row of rows) await settle(ctx, row, campaign.id, [{ donationId: gift.id, cents: row.amountCents }]);
  return gift;
}

/**
 * One inbox payment becomes several gifts (one transfer for two campaigns): the parts add up to the payment, and
 * its fee is shared in proportion (what rounding leaves goes with the last part).
 */
export async function splitPayment(ctx: CommandContext, id: string, input: z.output<typeof SplitPaymentSchema>) {
  const { tx } = ctx;
  const payment = await lockInboxPayment(tx, id, input.version);
  if (payment.currency !== 'USD') throw new AppError('VALIDATION', 'Split only a US dollar payment', 'parts');
  const parts = input.parts.map((part) => ({ ...part, cents: dollarsToCents(part.amount)! }));
  const total = parts.reduce((sum, part) => sum + part.cents, 0);
  if (total !== payment.amountCents)
    throw new AppError(
      'VALIDATION',
      `The parts add up to ${formatCents(total)}, not the payment's ${formatCents(payment.amountCents)}`,
      'parts',
    );
  const fee = payment.feeCents ?? 0;
  let feeLeft = fee;
  const gifts: { donationId: string; cents: number }[] = [];
  for (const [i, part] of parts.entries()) {
    const partFee = i === parts.length - 1 ? feeLeft : Math.floor((fee * part.cents) / total);
    feeLeft -= partFee;
    const { campaign } = await chosenTarget(tx, { campaignId: part.campaignId });
    const gift = await storeGift(
      ctx,
      campaign,
      {
        amountCents: part.cents,
        currency: 'USD',
        usdCents: part.cents,
        usdFeeCents: partFee,
        paymentMethod: PAYMENT_SOURCE_NAMES[payment.source as PaymentSource],
        donorName: null,
        isAnonymous: true,
        donorEmail: null,
        showPublicly: false,
        message: null,
        intentId: null,
        externalReference: null,
      },
      { paymentId: payment.id, part: i + 1 },
    );
    gifts.push({ donationId: gift.id, cents: part.cents });
  }
  await decided(ctx, [payment.id]);
  await settle(ctx, payment, parts[0]!.campaignId, gifts);
  return gifts;
}

/** A manager says an inbox row is no gift (a transfer of her own, a bill refunded): it leaves the inbox, audited. */
export async function markNotGift(ctx: CommandContext, id: string, input: z.output<typeof NotGiftSchema>) {
  const { tx, actor } = ctx;
  const payment = await lockInboxPayment(tx, id, input.version, ['payment', 'refund', 'dispute']);
  await tx.update(payments).set({ state: 'not_gift', problem: null }).where(eq(payments.id, id));
  await decided(ctx, [id]);
  await audit(tx, actor, {
    action: 'payment.not_gift',
    targetType: 'payment',
    targetId: id,
    before: { state: payment.state, problem: payment.problem },
    after: { state: 'not_gift', reason: input.reason },
  });
}

/** Who decided these inbox rows, and when. */
async function decided({ tx, actor, now }: CommandContext, ids: string[]) {
  await tx.update(payments).set({ decidedBy: actor.id, decidedAt: now }).where(inArray(payments.id, ids));
}

/** A manager's column mapping for a source's statements, saved for every later import. */
export async function saveStatementMapping(
  { tx, actor, now }: CommandContext,
  source: PaymentSource,
  mapping: ColumnMapping,
) {
  await tx
    .insert(statementMappings)
    .values({ source, mapping, updatedBy: actor.id, updatedAt: now })
    .onConflictDoUpdate({ target: statementMappings.source, set: { mapping, updatedBy: actor.id, updatedAt: now } });
}
