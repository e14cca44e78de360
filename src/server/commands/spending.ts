/**
 * Verified spending: expenses move submitted -> approved -> released (or rejected / on hold), refunds go back
 * to donors. Each command is one transaction with its audit entry and notifications; the money itself moves
 * only as ledger rows, whose totals the database keeps (and refuses to let go below zero).
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ExpenseStatus } from '#shared/constants.ts';
import { COST_GROUP_KEYS } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import { dollarsToCents, formatCents } from '#shared/money.ts';
import type {
  ApproveExpenseSchema,
  PublicDescriptionSchema,
  RefundDonationSchema,
  RefundRequestFormSchema,
  ReleaseExpenseSchema,
  SubmitExpenseSchema,
} from '#shared/schemas/spending.ts';
import type { Db } from '../db/client.ts';
import {
  campaigns,
  donations,
  expenseApprovals,
  expenseDocuments,
  expenses,
  ledgerBalances,
  ledgerEntries,
  refundRequests,
  uploads,
} from '../db/schema/index.ts';
import { requireUser } from '../plugins/auth.ts';
import { refundedByDonation } from '../db/queries/donations.ts';
import { audit } from '../services/audit.ts';
import { isCheckViolation, isUniqueViolation } from '../services/db-errors.ts';
import { adminsAtLeast, notify, type NotificationEvent, type NotificationRow } from '../services/notifications.ts';

type CampaignRow = typeof campaigns.$inferSelect;
export type ExpenseRow = typeof expenses.$inferSelect;
type Notified = (NotificationRow & { important: boolean })[];

const STATUS_WORDS: Record<ExpenseStatus, string> = {
  submitted: 'waiting for approval',
  approved: 'approved',
  released: 'already released',
  rejected: 'rejected',
  on_hold: 'on hold',
};

/** What the campaign holds now (USD cents), read outside any failed transaction for messages. */
export async function heldCents(db: Db, campaignId: string): Promise<number> {
  const [row] = await db.select().from(ledgerBalances).where(eq(ledgerBalances.campaignId, campaignId));
  return row ? row.raisedCents - row.releasedCents - row.refundedCents : 0;
}

async function lockExpense(tx: Db, id: string): Promise<ExpenseRow> {
  const [row] = await tx.select().from(expenses).where(eq(expenses.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'No such expense');
  return row;
}

function requireStatus(expense: ExpenseRow, allowed: ExpenseStatus[], action: string) {
  if (!allowed.includes(expense.status))
    throw new AppError('CONFLICT', `This expense is ${STATUS_WORDS[expense.status]}, so it cannot be ${action}`);
}

/** The campaign owner and the submitter hear about every step, except the person who took it. */
async function tellOwner(
  tx: Db,
  expense: ExpenseRow,
  actorId: string,
  title: string,
  body: string,
  important: boolean,
  now: Date,
): Promise<Notified> {
  const [campaign] = await tx
    .select({ ownerId: campaigns.ownerId })
    .from(campaigns)
    .where(eq(campaigns.id, expense.campaignId));
  const people = new Set([campaign?.ownerId, expense.submittedBy].filter((id): id is string => !!id && id !== actorId));
  return notify(
    tx,
    [...people].map((userId) => ({
      userId,
      type: 'expense_update',
      title,
      body,
      link: '/my-expenses',
      eventKey: `expense:${expense.id}:${expense.status}:${now.toISOString()}`,
      important,
    })),
  );
}

function describe(expense: Pick<ExpenseRow, 'payee' | 'usdCents'>) {
  return `${formatCents(expense.usdCents)} to ${expense.payee}`;
}

type SubmitExpense = z.output<typeof SubmitExpenseSchema>;

export async function submitExpense(
  db: Db,
  request: FastifyRequest,
  campaign: CampaignRow,
  input: SubmitExpense,
  twoApproversAboveCents: number,
  now: Date,
) {
  const me = requireUser(request);
  const amountCents = dollarsToCents(input.amount)!;
  const usdCents = input.currency === 'USD' ? amountCents : dollarsToCents(input.usdAmount!)!;
  try {
    return await db.transaction(async (tx) => {
      const docs = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(
          and(
            inArray(uploads.id, input.documentIds),
            eq(uploads.ownerId, me.id),
            eq(uploads.purpose, 'expense_document'),
          ),
        );
      if (docs.length !== input.documentIds.length)
        throw new AppError('VALIDATION', 'Attach documents you uploaded for this expense', 'documentIds');
      const [expense] = await tx
        .insert(expenses)
        .values({
          campaignId: campaign.id,
          submittedBy: me.id,
          costGroup: input.costGroup,
          payee: input.payee,
          payeeCategory: input.payeeCategory,
          amountCents,
          currency: input.currency,
          usdCents,
          description: input.description,
          incurredOn: input.incurredOn,
          requiredApprovals: usdCents > twoApproversAboveCents ? 2 : 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx
        .insert(expenseDocuments)
        .values(input.documentIds.map((uploadId) => ({ expenseId: expense!.id, uploadId })));
      await audit(tx as unknown as Db, request, {
        action: 'expense.submit',
        targetType: 'expense',
        targetId: expense!.id,
        after: expense,
      });
      const managers = (await adminsAtLeast(tx as unknown as Db, 'manager')).filter((id) => id !== me.id);
      const queue: NotificationEvent[] = managers.map((userId) => ({
        userId,
        type: 'admin_queue',
        title: 'An expense is waiting for approval',
        body: describe(expense!),
        link: '/admin-expenses',
        eventKey: `expense:${expense!.id}:submitted`,
      }));
      const notified = [
        ...(await notify(tx as unknown as Db, queue)),
        ...(await tellOwner(
          tx as unknown as Db,
          expense!,
          me.id,
          'An expense was submitted for your campaign',
          describe(expense!),
          false,
          now,
        )),
      ];
      return { expense: expense!, notified };
    });
  } catch (err) {
    // Each document belongs to one expense.
    if (isUniqueViolation(err))
      throw new AppError('CONFLICT', 'A document is already attached to another expense', 'documentIds');
    throw err;
  }
}

/** One approval; the expense becomes approved once it has as many different approvers as it needs. */
export async function approveExpense(db: Db, request: FastifyRequest, id: string, input: ApproveExpense, now: Date) {
  const me = requireUser(request);
  return db.transaction(async (tx) => {
    const before = await lockExpense(tx as unknown as Db, id);
    requireStatus(before, ['submitted'], 'approved');
    if (before.submittedBy === me.id)
      throw new AppError('FORBIDDEN', 'You submitted this expense, so someone else must approve it');
    const added = await tx
      .insert(expenseApprovals)
      .values({ expenseId: id, approverId: me.id, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (added.length === 0)
      throw new AppError('CONFLICT', 'You have already approved this expense; it needs a different second approver');
    const [approvals] = await tx
      .select({ n: count() })
      .from(expenseApprovals)
      .where(eq(expenseApprovals.expenseId, id));
    const complete = (approvals?.n ?? 0) >= before.requiredApprovals;
    const [after] = await tx
      .update(expenses)
      .set({ status: complete ? 'approved' : 'submitted', publicDescription: input.publicDescription, updatedAt: now })
      .where(eq(expenses.id, id))
      .returning();
    await audit(tx as unknown as Db, request, {
      action: 'expense.approve',
      targetType: 'expense',
      targetId: id,
      before,
      after: { ...after, approvals: approvals?.n },
    });
    const notified = complete
      ? await tellOwner(
          tx as unknown as Db,
          after!,
          me.id,
          'Your expense was approved',
          `${describe(after!)} is approved and waits to be paid.`,
          false,
          now,
        )
      : [];
    return { expense: after!, notified };
  });
}

/** A manager sets or clears what the public ledger says about an expense (any status but rejected). */
export async function setPublicDescription(
  db: Db,
  request: FastifyRequest,
  id: string,
  input: PublicDescription,
  now: Date,
) {
  requireUser(request);
  return db.transaction(async (tx) => {
    const before = await lockExpense(tx as unknown as Db, id);
    requireStatus(before, ['submitted', 'on_hold', 'approved', 'released'], 'described for the public');
    const [after] = await tx
      .update(expenses)
      .set({ publicDescription: input.publicDescription, updatedAt: now })
      .where(eq(expenses.id, id))
      .returning();
    await audit(tx as unknown as Db, request, {
      action: 'expense.public_description',
      targetType: 'expense',
      targetId: id,
      before: { publicDescription: before.publicDescription },
      after: { publicDescription: after!.publicDescription },
    });
    return { expense: after!, notified: [] as Notified };
  });
}

async function decide(
  db: Db,
  request: FastifyRequest,
  id: string,
  now: Date,
  rule: {
    from: ExpenseStatus[];
    to: (before: ExpenseRow, approvals: number) => ExpenseStatus;
    verb: string;
    action: 'expense.reject' | 'expense.hold' | 'expense.resume';
    reason: string | null;
    title: string;
    important: boolean;
  },
) {
  const me = requireUser(request);
  return db.transaction(async (tx) => {
    const before = await lockExpense(tx as unknown as Db, id);
    requireStatus(before, rule.from, rule.verb);
    const [approvals] = await tx
      .select({ n: count() })
      .from(expenseApprovals)
      .where(eq(expenseApprovals.expenseId, id));
    const [after] = await tx
      .update(expenses)
      .set({ status: rule.to(before, approvals?.n ?? 0), statusReason: rule.reason, updatedAt: now })
      .where(eq(expenses.id, id))
      .returning();
    await audit(tx as unknown as Db, request, {
      action: rule.action,
      targetType: 'expense',
      targetId: id,
      before,
      after,
    });
    const body = rule.reason ? `${describe(after!)}: ${rule.reason}` : describe(after!);
    const notified = await tellOwner(tx as unknown as Db, after!, me.id, rule.title, body, rule.important, now);
    return { expense: after!, notified };
  });
}

export function rejectExpense(db: Db, request: FastifyRequest, id: string, reason: string, now: Date) {
  return decide(db, request, id, now, {
    from: ['submitted', 'approved', 'on_hold'],
    to: () => 'rejected',
    verb: 'rejected',
    action: 'expense.reject',
    reason,
    title: 'Your expense was not approved',
    important: true,
  });
}

export function holdExpense(db: Db, request: FastifyRequest, id: string, reason: string, now: Date) {
  return decide(db, request, id, now, {
    from: ['submitted', 'approved'],
    to: () => 'on_hold',
    verb: 'put on hold',
    action: 'expense.hold',
    reason,
    title: 'Your expense is on hold',
    important: true,
  });
}

/** Back to where it was: approved if its approvals are complete, else waiting for them. */
export function resumeExpense(db: Db, request: FastifyRequest, id: string, now: Date) {
  return decide(db, request, id, now, {
    from: ['on_hold'],
    to: (before, approvals) => (approvals >= before.requiredApprovals ? 'approved' : 'submitted'),
    verb: 'taken off hold',
    action: 'expense.resume',
    reason: null,
    title: 'Your expense is off hold',
    important: false,
  });
}

type ReleaseExpense = z.output<typeof ReleaseExpenseSchema>;
type ApproveExpense = z.output<typeof ApproveExpenseSchema>;
type PublicDescription = z.output<typeof PublicDescriptionSchema>;

/** Pays an approved expense: a release row in the ledger, which the database refuses beyond what is held. */
export async function releaseExpense(db: Db, request: FastifyRequest, id: string, input: ReleaseExpense, now: Date) {
  const me = requireUser(request);
  try {
    return await db.transaction(async (tx) => {
      const before = await lockExpense(tx as unknown as Db, id);
      requireStatus(before, ['approved'], 'released');
      if (before.submittedBy === me.id)
        throw new AppError('FORBIDDEN', 'You submitted this expense, so someone else must release it');
      await tx.insert(ledgerEntries).values({
        campaignId: before.campaignId,
        kind: 'release',
        amountCents: before.usdCents,
        expenseId: id,
        costGroup: before.costGroup,
        note: input.method,
        createdBy: me.id,
        createdAt: now,
      });
      const [after] = await tx
        .update(expenses)
        .set({
          status: 'released',
          releaseMethod: input.method,
          releaseReference: input.reference,
          paidOn: input.paidOn,
          releasedBy: me.id,
          releasedAt: now,
          updatedAt: now,
        })
        .where(eq(expenses.id, id))
        .returning();
      await audit(tx as unknown as Db, request, {
        action: 'expense.release',
        targetType: 'expense',
        targetId: id,
        before,
        after,
      });
      const notified = await tellOwner(
        tx as unknown as Db,
        after!,
        me.id,
        'Your expense was paid',
        `${describe(after!)} was paid on ${input.paidOn} (${input.method}).`,
        true,
        now,
      );
      return { expense: after!, notified };
    });
  } catch (err) {
    if (isCheckViolation(err, 'ledger_balances_held_nonnegative')) {
      const [expense] = await db
        .select({ campaignId: expenses.campaignId, usdCents: expenses.usdCents })
        .from(expenses)
        .where(eq(expenses.id, id));
      const held = await heldCents(db, expense!.campaignId);
      throw new AppError(
        'CONFLICT',
        `Only ${formatCents(held)} is held, less than this expense's ${formatCents(expense!.usdCents)}; it cannot be released yet`,
      );
    }
    throw err;
  }
}

/** USD cents refunded so far per donation. */
type RefundDonation = z.output<typeof RefundDonationSchema>;

/** Records money sent back to a donor (all or part of a donation), optionally answering their request. */
export async function refundDonation(
  db: Db,
  request: FastifyRequest,
  donationId: string,
  input: RefundDonation,
  now: Date,
) {
  const me = requireUser(request);
  const amountCents = dollarsToCents(input.amount)!;
  try {
    return await db.transaction(async (tx) => {
      const [donation] = await tx.select().from(donations).where(eq(donations.id, donationId)).for('update');
      if (!donation) throw new AppError('NOT_FOUND', 'No such donation');
      if (donation.voidedAt) throw new AppError('CONFLICT', 'This donation was voided; there is nothing to refund');
      const already = (await refundedByDonation(tx as unknown as Db, [donationId])).get(donationId) ?? 0;
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
      if (input.refundRequestId) {
        const answered = await tx
          .update(refundRequests)
          .set({ status: 'refunded', donationId, decidedBy: me.id, decidedAt: now, decisionNote: input.reason })
          .where(and(eq(refundRequests.id, input.refundRequestId), eq(refundRequests.status, 'open')))
          .returning({ id: refundRequests.id });
        if (answered.length === 0)
          throw new AppError('CONFLICT', 'That refund request is not open any more', 'refundRequestId');
      }
      const [entry] = await tx
        .insert(ledgerEntries)
        .values({
          campaignId: donation.campaignId,
          kind: 'refund',
          amountCents,
          donationId,
          note: input.reason,
          createdBy: me.id,
          createdAt: now,
        })
        .returning();
      await audit(tx as unknown as Db, request, {
        action: 'donation.refund',
        targetType: 'donation',
        targetId: donationId,
        after: {
          ledgerEntryId: entry!.id,
          amountCents,
          reason: input.reason,
          refundRequestId: input.refundRequestId ?? null,
        },
      });
      return { donationId, refundedCents: already + amountCents, remainingCents: remaining - amountCents };
    });
  } catch (err) {
    if (isCheckViolation(err, 'ledger_balances_held_nonnegative')) {
      const [donation] = await db
        .select({ campaignId: donations.campaignId })
        .from(donations)
        .where(eq(donations.id, donationId));
      throw new AppError(
        'CONFLICT',
        `Only ${formatCents(await heldCents(db, donation!.campaignId))} is held; money already released to expenses cannot be refunded from the campaign`,
      );
    }
    // Another refund of the same donation committed first (the trigger's own check).
    if (isCheckViolation(err, 'ledger_refunds_within_donation'))
      throw new AppError('CONFLICT', 'Refunds cannot exceed the donation', 'amount');
    throw err;
  }
}

type RefundRequestForm = z.output<typeof RefundRequestFormSchema>;

export async function createRefundRequest(
  db: Db,
  request: FastifyRequest,
  campaignId: string,
  input: RefundRequestForm,
) {
  const amountCents = dollarsToCents(input.amount)!;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(refundRequests)
      .values({ campaignId, requesterId: request.user?.id ?? null, ...input, amountCents })
      .returning({ id: refundRequests.id });
    const managers = await adminsAtLeast(tx as unknown as Db, 'manager');
    await notify(
      tx as unknown as Db,
      managers.map((userId) => ({
        userId,
        type: 'admin_queue',
        title: 'A donor asked for a refund',
        body: `${formatCents(amountCents, input.currency)} given by ${input.paymentMethod} on ${input.donatedOn}`,
        link: '/admin-expenses#refund-requests',
        eventKey: `refund_request:${row!.id}`,
      })),
    );
    return row!;
  });
}

export async function declineRefundRequest(db: Db, request: FastifyRequest, id: string, reason: string, now: Date) {
  const me = requireUser(request);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(refundRequests).where(eq(refundRequests.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND', 'No such refund request');
    if (before.status !== 'open') throw new AppError('CONFLICT', 'That refund request is not open any more');
    const [after] = await tx
      .update(refundRequests)
      .set({ status: 'declined', decisionNote: reason, decidedBy: me.id, decidedAt: now })
      .where(eq(refundRequests.id, id))
      .returning();
    await audit(tx as unknown as Db, request, {
      action: 'refund_request.decline',
      targetType: 'refund_request',
      targetId: id,
      before,
      after,
    });
    return after!;
  });
}

/** Released USD cents per cost group (every group present, zero when nothing was released). */
export async function releasedByGroup(
  db: Db,
  campaignId: string,
): Promise<Record<(typeof COST_GROUP_KEYS)[number], number>> {
  const rows = await db
    .select({ group: ledgerEntries.costGroup, total: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.campaignId, campaignId), eq(ledgerEntries.kind, 'release')))
    .groupBy(ledgerEntries.costGroup);
  const totals = Object.fromEntries(COST_GROUP_KEYS.map((key) => [key, 0])) as Record<
    (typeof COST_GROUP_KEYS)[number],
    number
  >;
  for (const row of rows) if (row.group) totals[row.group] = Number(row.total);
  return totals;
}
