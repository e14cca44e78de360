/**
 * Money back to donors: a donor's request (the public form), a manager's answer, and the refund itself, a
 * ledger row the database refuses beyond the donation or what the campaign holds. Mail waits for the commit.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { dollarsToCents, formatCents } from '#shared/money.ts';
import type { RefundDonationSchema, RefundRequestFormSchema } from '#shared/schemas/spending.ts';
import { refundedByDonation } from '../db/queries/donations.ts';
import type { RefundRequestRow } from '../db/queries/spending.ts';
import { donations, refundRequests } from '../db/schema/index.ts';
import { audit } from '../services/audit.ts';
import { isCheckViolation } from '../services/db-errors.ts';
import { refundRequestAnswerMail, refundRequestReceivedMail } from '../services/mail-templates.ts';
import { notifyAdmins } from '../services/notifications.ts';
import { personActing, takeFromLedger } from './expenses.ts';
import { assertReadVersion } from './read-version.ts';
import { donationPolicy } from '../policies/donations.ts';
import type { Viewer } from '../policies/viewer.ts';
import type { CommandContext, Tx } from './run.ts';

type RefundDonation = z.output<typeof RefundDonationSchema>;

/** What a refund leaves: the donation's USD cents refunded so far and what can still be refunded. */
export interface RefundResult {
  donationId: string;
  refundedCents: number;
  remainingCents: number;
}

/**
 * Records money sent back to a donor (all or part of a donation), optionally answering their request, on the
 * version of the gift the manager read (409 with the current one when it was corrected, voided or refunded since;
 * a refund moves the version too).
 */
export async function refundDonation(
  ctx: CommandContext,
  viewer: Viewer,
  donationId: string,
  input: RefundDonation,
): Promise<RefundResult> {
  const { tx, actor, now, afterCommit } = ctx;
  const me = personActing(actor);
  const amountCents = dollarsToCents(input.amount)!;
  const donation = await lockDonation(tx, donationId);
  donationPolicy.authorize(viewer, 'refund', donation, donation.version);
  assertReadVersion(donation.version, input.version, 'This donation');
  let answered: RefundRequestRow | undefined;
  if (input.refundRequestId) {
    // The public form files every request under the main appeal; the gift it matches says which campaign it was.
    [answered] = await tx
      .update(refundRequests)
      .set({
        status: 'refunded',
        campaignId: donation.campaignId,
        donationId,
        decidedBy: me,
        decidedAt: now,
        decisionNote: input.reason,
      })
      .where(and(eq(refundRequests.id, input.refundRequestId), eq(refundRequests.status, 'open')))
      .returning();
    if (!answered) throw new AppError('CONFLICT', 'That refund request is not open any more', 'refundRequestId');
  }
  const result = await refundFromLedger(ctx, donation, amountCents, {
    reason: input.reason,
    refundRequestId: input.refundRequestId ?? null,
    // A refund request's answer (below) tells the donor already.
    noticeToDonor: !answered,
  });
  if (answered) {
    const to = answered;
    afterCommit.mail({ key: `refund-request:${answered.id}:refunded`, kind: 'refund-request' }, (product) =>
      refundRequestAnswerMail(product, to, formatCents(amountCents), { refunded: true }),
    );
  }
  return result;
}

/** The gift, locked for its refund (a second refund of it waits, then sees this one). */
export async function lockDonation(tx: Tx, donationId: string) {
  const [donation] = await tx.select().from(donations).where(eq(donations.id, donationId)).for('update');
  if (!donation) throw new AppError('NOT_FOUND', 'No such donation');
  return donation;
}

/**
 * Money back from a gift, whoever decided it (a manager, or the processor's refund or dispute): the ledger's refund
 * row, which the database refuses beyond the gift or what its campaign holds, a new version of the gift, the audit
 * entry, the donor's notice of a full refund, and fresh progress and ledger.
 */
export async function refundFromLedger(
  { tx, actor, now, afterCommit }: CommandContext,
  donation: typeof donations.$inferSelect,
  amountCents: number,
  why: { reason: string; refundRequestId?: string | null; paymentId?: string; noticeToDonor: boolean },
): Promise<RefundResult> {
  const donationId = donation.id;
  const already = (await refundedByDonation(tx, [donationId])).get(donationId) ?? 0;
  const remaining = donation.usdCents - already;
  if (amountCents > remaining) {
    throw new AppError(
      'VALIDATION',
      remaining === 0
        ? 'This donation has been refunded in full'
        : `At most ${formatCents(remaining)} of this donation can still be refunded`,
      'amount',
    );
  }
  const entry = await takeFromLedger(
    tx,
    {
      campaignId: donation.campaignId,
      kind: 'refund',
      amountCents,
      donationId,
      note: why.reason,
      createdBy: actor.id,
      createdAt: now,
    },
    (held) => `Only ${held} is held; money already released to expenses cannot be refunded from the campaign`,
  ).catch((err: unknown) => {
    // Another refund of the same donation committed first (the trigger's own check).
    if (isCheckViolation(err, 'ledger_refunds_within_donation'))
      throw new AppError('CONFLICT', 'Refunds cannot exceed the donation', 'amount');
    throw err;
  });
  await tx
    .update(donations)
    .set({ version: sql`${donations.version} + 1` })
    .where(eq(donations.id, donationId));
  await audit(tx, actor, {
    action: 'donation.refund',
    targetType: 'donation',
    targetId: donationId,
    after: {
      ledgerEntryId: entry.id,
      amountCents,
      reason: why.reason,
      refundRequestId: why.refundRequestId ?? null,
      ...(why.paymentId ? { paymentId: why.paymentId } : {}),
    },
  });
  // The donor who left an address hears of a full refund.
  if (amountCents === remaining && why.noticeToDonor) afterCommit.mailRefundNotice(donationId);
  // The ledger shows the refund; a wholly refunded gift leaves Recent Supporters (read with progress).
  afterCommit.refresh('progress', 'ledger');
  return { donationId, refundedCents: already + amountCents, remainingCents: remaining - amountCents };
}

type RefundRequestForm = z.output<typeof RefundRequestFormSchema>;

/** Stores a donor's request for their money back, queues it for the managers and confirms it to the donor. */
export async function createRefundRequest(
  { tx, actor, afterCommit }: CommandContext,
  campaignId: string,
  input: RefundRequestForm,
): Promise<{ id: string }> {
  const amountCents = dollarsToCents(input.amount)!;
  const [row] = await tx
    .insert(refundRequests)
    .values({ campaignId, requesterId: actor.id, ...input, amountCents })
    .returning({ id: refundRequests.id });
  await notifyAdmins(tx, 'manager', {
    title: 'A donor asked for a refund',
    body: `${formatCents(amountCents, input.currency)} given by ${input.paymentMethod} on ${input.donatedOn}`,
    link: '/admin-expenses#refund-requests',
    eventKey: `refund_request:${row!.id}`,
  });
  afterCommit.mail({ key: `refund-request:${row!.id}:received`, kind: 'refund-request' }, (product) =>
    refundRequestReceivedMail(product, input, formatCents(amountCents, input.currency)),
  );
  return row!;
}

/** A manager declines an open request; the donor is told why. */
export async function declineRefundRequest(
  { tx, actor, now, afterCommit }: CommandContext,
  id: string,
  reason: string,
): Promise<RefundRequestRow> {
  const me = personActing(actor);
  const [before] = await tx.select().from(refundRequests).where(eq(refundRequests.id, id)).for('update');
  if (!before) throw new AppError('NOT_FOUND', 'No such refund request');
  if (before.status !== 'open') throw new AppError('CONFLICT', 'That refund request is not open any more');
  const [after] = await tx
    .update(refundRequests)
    .set({ status: 'declined', decisionNote: reason, decidedBy: me, decidedAt: now })
    .where(eq(refundRequests.id, id))
    .returning();
  await audit(tx, actor, {
    action: 'refund_request.decline',
    targetType: 'refund_request',
    targetId: id,
    before,
    after,
  });
  afterCommit.mail({ key: `refund-request:${id}:declined`, kind: 'refund-request' }, (product) =>
    refundRequestAnswerMail(product, after!, formatCents(after!.amountCents, after!.currency), {
      refunded: false,
      reason,
    }),
  );
  return after!;
}
