/**
 * Money that records itself (decision 013): a processor's signed event or a statement's row, stored once by (source,
 * its id), then matched. A payment carrying a known reference becomes a gift to its intent's campaign at once; a
 * refund or dispute reverses the gift its payment became (or waits for that payment: payment-reversals.ts);
 * everything else waits in the reconciliation inbox for a manager. Nothing is recorded on a guess. A statement's
 * rows come through statement-import.ts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAYMENT_SOURCE_NAMES } from '#shared/schemas/payments.ts';
import { giftTarget, type GiftTarget } from '../db/queries/fundraisers.ts';
import type { PaymentRow } from '../db/queries/payments.ts';
import { insertRows } from '../db/insert-rows.ts';
import { donationIntents, donations, payments, type PaymentState } from '../db/schema/index.ts';
import type { Actor } from '../services/audit.ts';
import type { PaymentMovement, PaymentSource } from '../services/payments/movement.ts';
import { storeGifts, type GiftValues } from './donations.ts';
import { linkGifts, reverse, settle } from './payment-reversals.ts';
import type { CommandContext, Tx } from './run.ts';

/** The signed event a movement came from: its id and type, and its body. */
export interface EventOrigin {
  eventId: string;
  eventType: string;
  payload: unknown;
}

/** Where a movement came from: a signed event or a statement's import. */
type PaymentOrigin = EventOrigin | { importId: string };

/** What became of a movement: already known (nothing changed), or stored in this state. */
export type PaymentOutcome = { duplicate: true } | { duplicate: false; id: string; state: PaymentState };

/** A movement to store, where it came from, and who delivered it when not the command's actor. */
interface Arrival {
  movement: PaymentMovement;
  origin: PaymentOrigin;
  sender?: Actor;
}

/** A processor's movement as its event told it, and who delivered the event (the audit's address). */
export interface ReceivedMovement extends Arrival {
  origin: EventOrigin;
}

/**
 * Stores a movement once and acts on it. A redelivery, or a statement's row for a movement we already have, changes
 * nothing; on two instances at once, the second waits for the first's commit and then finds it.
 */
export async function receivePayment(
  ctx: CommandContext,
  source: PaymentSource,
  movement: PaymentMovement,
  origin: EventOrigin,
): Promise<PaymentOutcome> {
  return (await receivePayments(ctx, source, [{ movement, origin }]))[0]!;
}

/**
 * The same for the events of one source that arrived together (routes/payments/webhooks.ts batches them): one
 * transaction, a statement each for their locks, their rows and their gifts, however many. Answers each one's
 * outcome in their order; the same movement twice in the batch is stored once (the second a duplicate).
 */
export async function receivePayments(
  ctx: CommandContext,
  source: PaymentSource,
  received: readonly ReceivedMovement[],
): Promise<PaymentOutcome[]> {
  // A payment and its refunds are decided one at a time, so a refund that arrives while its payment is being
  // recorded either sees the gift or is seen waiting by it (without this, each could miss the other).
  await lockPaymentKeys(
    ctx.tx,
    source,
    received.map(({ movement }) => movement.paymentExternalId ?? movement.externalId),
  );
  const stored = await storeAndMatch(ctx, source, received);
  // The first of the same movement twice in the batch is the one stored; the second is a duplicate.
  const unanswered = new Map(stored.map(({ row, state }) => [row.externalId, { id: row.id, state }]));
  return received.map(({ movement }) => {
    const outcome = unanswered.get(movement.externalId);
    unanswered.delete(movement.externalId);
    return outcome ? { duplicate: false, ...outcome } : { duplicate: true };
  });
}

/**
 * Stores movements of one source (a batch of events, or a statement's rows) and acts on each; those we have
 * already add nothing. A statement each however many: every payment is decided before it is stored (decidePayments), so it is stored recorded with its gift, or
 * for the inbox with the reason; one a manager typed in by hand before it arrived is settled as that gift; refunds
 * and disputes come last, so that one arriving with its payment finds it recorded. Answers the rows stored, each
 * with its state.
 */
export async function storeAndMatch(
  ctx: CommandContext,
  source: PaymentSource,
  arrivals: readonly Arrival[],
): Promise<{ row: PaymentRow; state: PaymentState }[]> {
  const decisions = await decidePayments(
    ctx.tx,
    source,
    arrivals.flatMap(({ movement }) => (movement.kind === 'payment' ? [movement] : [])),
  );
  const stored = await insertRows(
    ctx.tx,
    payments,
    arrivals.map(({ movement, origin }) =>
      paymentValues(ctx, source, movement, origin, decisions.get(movement.externalId)),
    ),
  )
    .onConflictDoNothing({ target: [payments.source, payments.externalId] })
    .returning();
  const senders = new Map(arrivals.map(({ movement, sender }) => [movement.externalId, sender]));
  const as = (row: PaymentRow) => ({ ...ctx, actor: senders.get(row.externalId) ?? ctx.actor });
  const decided = stored.map((row) => ({ row, decision: decisions.get(row.externalId) }));
  await recordGifts(
    ctx,
    decided.flatMap(({ row, decision }) =>
      decision?.gift ? [{ payment: row, ...decision.gift, actor: senders.get(row.externalId) }] : [],
    ),
  );
  const states = new Map<string, PaymentState>();
  for (const { row, decision } of decided) {
    if (decision?.typedByHand) {
      const { id, campaignId } = decision.typedByHand;
      states.set(row.id, await settle(as(row), row, campaignId, [{ donationId: id, cents: row.amountCents }]));
    } else if (row.kind === 'payment') states.set(row.id, row.state);
  }
  for (const row of stored) if (row.kind !== 'payment') states.set(row.id, await reverse(as(row), row));
  return stored.map((row) => ({ row, state: states.get(row.id)! }));
}

/** A payment certain to be its reference's gift: the intent it pays and the campaign that takes it. */
interface CertainGift {
  intent: typeof donationIntents.$inferSelect;
  campaign: GiftTarget;
}

/**
 * What becomes of an incoming payment: its reference's gift, the gift a manager typed in by hand before it arrived
 * (the payment is that gift, not a second one), or the inbox, saying why (with the campaign its reference names).
 */
interface PaymentDecision {
  gift?: CertainGift;
  typedByHand?: { id: string; campaignId: string };
  problem?: string;
  campaignId?: string;
}

const NO_REFERENCE = 'No gift reference: match it to a gift, or mark it';

/**
 * Decides incoming payments before they are stored, a statement each however many: a gift only when everything
 * about it is certain (an intent we gave the reference to, a campaign that takes gifts, US dollars, a fee smaller
 * than the payment). Nothing is recorded on a guess. Answers each payment's decision by its id.
 */
async function decidePayments(
  tx: Tx,
  source: PaymentSource,
  incoming: readonly PaymentMovement[],
): Promise<Map<string, PaymentDecision>> {
  const decisions = new Map<string, PaymentDecision>();
  if (incoming.length === 0) return decisions;
  const typedByHand = await tx
    .select({ id: donations.id, campaignId: donations.campaignId, externalReference: donations.externalReference })
    .from(donations)
    .where(
      and(
        eq(donations.paymentMethod, PAYMENT_SOURCE_NAMES[source]),
        inArray(
          donations.externalReference,
          incoming.map((movement) => movement.externalId),
        ),
      ),
    );
  const references = incoming.flatMap((movement) => (movement.reference ? [movement.reference] : []));
  const intents = references.length
    ? await tx.select().from(donationIntents).where(inArray(donationIntents.reference, references))
    : [];
  const targets = new Map<string, GiftTarget | undefined>();
  for (const campaignId of new Set(intents.map((intent) => intent.campaignId)))
    targets.set(campaignId, await giftTarget(tx, campaignId));
  for (const movement of incoming) {
    const byHand = typedByHand.find((gift) => gift.externalReference === movement.externalId);
    const intent = intents.find((candidate) => candidate.reference === movement.reference);
    const campaign = intent && targets.get(intent.campaignId);
    const campaignId = intent?.campaignId;
    const inbox = (problem: string) => ({ problem, campaignId });
    // The same movement twice in a batch: the first is the one stored, and decided.
    if (decisions.has(movement.externalId)) continue;
    decisions.set(
      movement.externalId,
      byHand
        ? { typedByHand: { id: byHand.id, campaignId: byHand.campaignId } }
        : !movement.reference
          ? inbox(NO_REFERENCE)
          : !intent
            ? inbox(`${movement.reference} matches no gift reference we gave`)
            : !campaign
              ? inbox(`${movement.reference} is for a fundraiser that takes no gifts`)
              : movement.currency !== 'USD'
                ? inbox(`Paid in ${movement.currency}: record it with the US dollars it came to`)
                : (movement.feeCents ?? 0) >= movement.amountCents
                  ? inbox('Its fee is as large as the payment itself')
                  : { gift: { intent, campaign } },
    );
  }
  return decisions;
}

/** A movement's row: waiting for the matcher, or recorded as its campaign's gift. */
function paymentValues(
  { now }: CommandContext,
  source: PaymentSource,
  movement: PaymentMovement,
  origin: PaymentOrigin,
  /** A payment's, made before it is stored: a gift is stored next, in the same transaction. */
  decision: PaymentDecision = {},
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
    state: decision.gift ? 'recorded' : 'unmatched',
    campaignId: decision.gift?.campaign.id ?? decision.campaignId ?? null,
    problem: decision.problem ?? null,
    eventId: 'eventId' in origin ? origin.eventId : null,
    eventType: 'eventType' in origin ? origin.eventType : null,
    importId: 'importId' in origin ? origin.importId : null,
    payload: 'payload' in origin ? origin.payload : null,
    receivedAt: now,
  };
}

/**
 * Takes payments' turns: shared on their source (events of one source do not wait for each other) and exclusive on
 * each payment, in one order everywhere (two instances' batches cannot deadlock on them; balances are locked in
 * campaign order by the ledger's trigger, migration 0031). A statement's import takes its
 * source whole instead (statement-import.ts), one lock however many rows: a lock per row would fill the database's
 * lock table on a large file.
 */
async function lockPaymentKeys(tx: Tx, source: string, paymentKeys: readonly string[]) {
  const keys = [...new Set(paymentKeys.map((key) => `payment:${source}:${key}`))].sort();
  // One statement (one round trip), the source's lock first; the keys as one JSON value, so the statement's text
  // (and its prepared plan) is the same whatever their number.
  await tx.execute(sql`
    select pg_advisory_xact_lock_shared(hashtextextended(${`payments:${source}`}, 0)),
      (select count(pg_advisory_xact_lock(hashtextextended(key, 0)))
       from (select key from json_array_elements_text(${JSON.stringify(keys)}::json) with ordinality as k(key, ord)
         order by ord) as ordered)`);
}

/**
 * Stores the gifts of payments stored recorded (decidePayments found them certain): their intents closed, the gifts,
 * and the links between them, a statement each however many (a batch of events, a statement's 500 rows).
 */
async function recordGifts(
  ctx: CommandContext,
  gifts: readonly (CertainGift & { payment: PaymentRow; actor: Actor | undefined })[],
) {
  if (gifts.length === 0) return;
  await ctx.tx
    .update(donationIntents)
    .set({ status: 'matched' })
    .where(
      inArray(
        donationIntents.id,
        gifts.map(({ intent }) => intent.id),
      ),
    );
  const stored = await storeGifts(
    ctx,
    gifts.map(({ payment, intent, campaign, actor }) => ({
      campaign,
      values: giftFromIntent(payment, intent),
      audited: { paymentId: payment.id, reference: payment.reference },
      actor,
    })),
  );
  await linkGifts(
    ctx,
    gifts.map(({ payment }, i) => ({ payment, gifts: [{ donationId: stored[i]!.id, cents: payment.amountCents }] })),
  );
}

/** A payment's gift: its money as the processor says, the rest as the donor told us on the donate page. */
function giftFromIntent(payment: PaymentRow, intent: typeof donationIntents.$inferSelect): GiftValues {
  // With her consent; the processor's payer details stay with the payment.
  return {
    amountCents: payment.amountCents,
    currency: 'USD',
    usdCents: payment.amountCents,
    usdFeeCents: payment.feeCents ?? 0,
    paymentMethod: PAYMENT_SOURCE_NAMES[payment.source as PaymentSource],
    donorName: intent.donorName,
    isAnonymous: !intent.donorName,
    donorEmail: intent.donorEmail,
    showPublicly: intent.showPublicly,
    message: intent.message,
    intentId: intent.id,
    externalReference: payment.externalId,
  };
}
