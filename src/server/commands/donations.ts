/** Recording money received (admin): one transaction for the donation, its intent and the audit entry. */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { dollarsToCents, formatCents } from '#shared/money.ts';
import type { EditDonationSchema, RecordDonationSchema } from '#shared/schemas/admin-donations.ts';
import type { Tx } from '../db/client.ts';
import { donationIntents, donations } from '../db/schema/index.ts';
import { giftTarget, type GiftTarget } from '../db/queries/fundraisers.ts';
import { insertRows } from '../db/insert-rows.ts';
import { audit, auditEach, type Actor } from '../services/audit.ts';
import type { CampaignRow } from '../services/campaign.ts';
import { notify } from '../services/notifications.ts';
import { isCheckViolation, isUniqueViolation } from '../services/db-errors.ts';
import { assertReadVersion } from './read-version.ts';
import { donationPolicy } from '../policies/donations.ts';
import type { Viewer } from '../policies/viewer.ts';
import type { CommandContext } from './run.ts';

type RecordDonation = z.output<typeof RecordDonationSchema>;

const DUPLICATE_PAYMENT = 'This payment has already been recorded (same method and reference)';

/**
 * Records the donation (the database adds its ledger row) and tells the campaign's owner: one command for every
 * campaign. It goes to the campaign the admin chose, else to her intent's, else to `otherwise` (the spec's call
 * names none: the main appeal); a fundraiser must be live or closed (a gift made before it closed is still recorded).
 */
export async function recordDonation(ctx: CommandContext, otherwise: Pick<CampaignRow, 'id'>, input: RecordDonation) {
  const { tx } = ctx;
  const amountCents = dollarsToCents(input.amount)!;
  const usdCents = input.currency === 'USD' ? amountCents : dollarsToCents(input.usdAmount!)!;
  // What the donor told us on the donate page, unless the admin entered it herself.
  let fromIntent:
    Pick<typeof donationIntents.$inferSelect, 'donorName' | 'donorEmail' | 'showPublicly' | 'campaignId'> | undefined;
  if (input.intentId) {
    [fromIntent] = await tx
      .update(donationIntents)
      .set({ status: 'matched' })
      .where(and(eq(donationIntents.id, input.intentId), eq(donationIntents.status, 'open')))
      .returning({
        donorName: donationIntents.donorName,
        donorEmail: donationIntents.donorEmail,
        showPublicly: donationIntents.showPublicly,
        campaignId: donationIntents.campaignId,
      });
    if (!fromIntent)
      throw new AppError('CONFLICT', 'That intent is not open any more (already recorded or removed)', 'intentId');
    if (input.campaignId && input.campaignId !== fromIntent.campaignId)
      throw new AppError('VALIDATION', 'That intent is for another campaign', 'campaignId');
  }
  const campaign = await giftTarget(tx, input.campaignId ?? fromIntent?.campaignId ?? otherwise.id);
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign takes gifts', 'campaignId');
  return storeGift(ctx, campaign, {
    amountCents,
    currency: input.currency,
    usdCents,
    paymentMethod: input.paymentMethod,
    // An anonymous gift keeps no name, whatever the form sent.
    donorName: input.isAnonymous ? null : (input.donorName ?? fromIntent?.donorName ?? null),
    isAnonymous: input.isAnonymous,
    donorEmail: input.donorEmail ?? fromIntent?.donorEmail ?? null,
    showPublicly: !input.isAnonymous && (input.showPublicly ?? fromIntent?.showPublicly ?? false),
    message: input.message,
    intentId: input.intentId ?? null,
    externalReference: input.externalReference,
  });
}

/** A gift's row as its recorder gives it; who recorded it and when are the command's. */
export type GiftValues = Omit<typeof donations.$inferInsert, 'campaignId' | 'recordedBy' | 'createdAt'>;

/** A gift to store: its campaign and row, what its audit entry adds, and who recorded it when not the command's actor. */
export interface GiftToStore {
  campaign: GiftTarget;
  values: GiftValues;
  audited?: Record<string, unknown>;
  /** A processor's event in a batch of them: the address it came from. */
  actor?: Actor;
}

/**
 * Stores a gift to a campaign, whoever recorded it (a manager, or a processor's signed event): the database adds its
 * ledger rows, the audit says who, the campaign's owner hears of it, the donor gets her receipt once, and progress
 * and the ledger show it on every instance.
 */
export async function storeGift(ctx: CommandContext, campaign: GiftTarget, values: GiftValues, audited = {}) {
  return (await storeGifts(ctx, [{ campaign, values, audited }]))[0]!;
}

/** The same for several gifts (a batch of processors' events): one statement each for the rows, audit and notices. */
export async function storeGifts({ tx, actor, now, afterCommit }: CommandContext, gifts: readonly GiftToStore[]) {
  if (gifts.length === 0) return [];
  // Ids made here, so each gift knows its row without relying on the order RETURNING gives.
  const ids = gifts.map(() => randomUUID());
  const stored = await insertRows(
    tx,
    donations,
    gifts.map(({ campaign, values, actor: recorder }, i) => ({
      ...values,
      id: ids[i],
      campaignId: campaign.id,
      recordedBy: (recorder ?? actor).id,
      createdAt: now,
    })),
  )
    .returning()
    .catch(rethrowDuplicatePayment);
  const byId = new Map(stored.map((row) => [row.id, row]));
  const rows = ids.map((id) => byId.get(id)!);
  await auditEach(
    tx,
    gifts.map(({ audited, actor: recorder }, i) => ({
      actor: recorder ?? actor,
      entry: { action: 'donation.record', targetType: 'donation', targetId: ids[i], after: { ...rows[i], ...audited } },
    })),
  );
  const notified = await notify(
    tx,
    gifts.flatMap(({ campaign }, i) => {
      const row = rows[i]!;
      if (!campaign.ownerId) return [];
      return [
        {
          userId: campaign.ownerId,
          type: 'donation_recorded' as const,
          title: `A donation was recorded to ${campaign.page === '/transparency' ? 'your campaign' : campaign.name}`,
          body: `${formatCents(row.amountCents, row.currency)} from ${row.isAnonymous || !row.donorName ? 'an anonymous donor' : row.donorName}`,
          link: campaign.page,
          eventKey: `donation:${row.id}:recorded`,
          important: true,
        },
      ];
    }),
  );
  afterCommit.mailNotifications(notified);
  for (const row of rows) if (row.donorEmail) afterCommit.mailReceipt(row.id);
  afterCommit.refresh('progress', 'ledger');
  return rows;
}

function rethrowDuplicatePayment(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError('CONFLICT', DUPLICATE_PAYMENT, 'externalReference');
  throw err;
}

/** Removes an intent from the open list (it never arrived, or was recorded by hand). */
export async function dismissIntent({ tx, actor }: CommandContext, intentId: string) {
  const [before] = await tx.select().from(donationIntents).where(eq(donationIntents.id, intentId));
  if (!before || before.status !== 'open') throw new AppError('NOT_FOUND', 'No open intent with that id');
  await tx.update(donationIntents).set({ status: 'dismissed' }).where(eq(donationIntents.id, intentId));
  await audit(tx, actor, {
    action: 'intent.dismiss',
    targetType: 'donation_intent',
    targetId: intentId,
    before,
    after: { ...before, status: 'dismissed' },
  });
}

type EditDonation = z.output<typeof EditDonationSchema>;

/** The gift a manager corrects or voids, locked, as she read it (409 when it changed since: decision 010). */
async function lockReadDonation(tx: Tx, viewer: Viewer, action: 'correct' | 'void', id: string, version: number) {
  const [before] = await tx.select().from(donations).where(eq(donations.id, id)).for('update');
  if (!before) throw new AppError('NOT_FOUND', 'No such donation');
  donationPolicy.authorize(viewer, action, before);
  assertReadVersion(before.version, version, 'This donation');
  return before;
}

/** Corrects the descriptive fields of a donation (never its amount: void it and record it again). */
export async function editDonation(
  { tx, actor, afterCommit }: CommandContext,
  viewer: Viewer,
  id: string,
  input: EditDonation,
) {
  const { reason, version, ...changes } = input;
  const before = await lockReadDonation(tx, viewer, 'correct', id, version);
  // Names show on the public pages: the wall and the ledger read the change at once.
  afterCommit.refresh('progress', 'ledger');
  const [after] = await tx
    .update(donations)
    .set({
      ...changes,
      donorName: changes.isAnonymous ? null : changes.donorName,
      ...(changes.isAnonymous ? { showPublicly: false } : {}),
    })
    .where(eq(donations.id, id))
    .returning()
    .catch(rethrowDuplicatePayment);
  await audit(tx, actor, {
    action: 'donation.edit',
    targetType: 'donation',
    targetId: id,
    before,
    after: { ...after, reason },
  });
  return after!;
}

/** Takes a donor's message off the public pages (or puts it back); the donation itself is unchanged. */
export async function setDonationMessageHidden(
  { tx, actor, now, afterCommit }: CommandContext,
  id: string,
  hidden: boolean,
) {
  const [before] = await tx.select().from(donations).where(eq(donations.id, id));
  if (!before) throw new AppError('NOT_FOUND', 'No such donation');
  const [after] = await tx
    .update(donations)
    .set({ messageHiddenAt: hidden ? (before.messageHiddenAt ?? now) : null })
    .where(eq(donations.id, id))
    .returning();
  await audit(tx, actor, {
    action: hidden ? 'donation.message_hide' : 'donation.message_show',
    targetType: 'donation',
    targetId: id,
    before: { messageHiddenAt: before.messageHiddenAt },
    after: { messageHiddenAt: after!.messageHiddenAt },
  });
  afterCommit.refresh('progress');
  return after!;
}

/**
 * Voids a donation recorded by mistake: it stops counting, stays on record, and the reason is audited.
 * The database adds the ledger's void row; it refuses when the money was refunded or already released.
 */
export async function voidDonation(
  { tx, actor, now, afterCommit }: CommandContext,
  viewer: Viewer,
  id: string,
  { reason, version }: { reason: string; version: number },
) {
  const before = await lockReadDonation(tx, viewer, 'void', id, version);
  await tx
    .update(donations)
    .set({ voidedAt: now })
    .where(eq(donations.id, id))
    .catch((err: unknown) => {
      if (isCheckViolation(err, 'ledger_refunds_within_donation')) {
        throw new AppError(
          'CONFLICT',
          'Part of this donation has been refunded, so it cannot be voided; record any further correction as a refund',
        );
      }
      if (isCheckViolation(err, 'ledger_balances_held_nonnegative')) {
        throw new AppError(
          'CONFLICT',
          'This money has already been released against expenses, so the donation cannot be voided',
        );
      }
      throw err;
    });
  if (before.intentId)
    await tx.update(donationIntents).set({ status: 'open' }).where(eq(donationIntents.id, before.intentId));
  await audit(tx, actor, {
    action: 'donation.void',
    targetType: 'donation',
    targetId: id,
    before,
    after: { voidedAt: now.toISOString(), reason },
  });
  afterCommit.refresh('progress', 'ledger');
}
