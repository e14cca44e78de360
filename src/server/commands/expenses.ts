/**
 * Expenses move submitted -> approved -> released (or rejected / on hold). Each step is one command with its
 * audit entry and notifications; the money itself moves only as a ledger row, whose totals the database keeps
 * (and refuses to let go below zero). Notification mail and the ledger refresh wait for the commit.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ExpenseStatus } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import { dollarsToCents, formatCents } from '#shared/money.ts';
import type {
  ApproveExpenseSchema,
  PublicDescriptionSchema,
  ReleaseExpenseSchema,
  SubmitExpenseSchema,
} from '#shared/schemas/spending.ts';
import {
  approvalCount,
  campaignOwnerOf,
  declaredPayeeOf,
  heldCents,
  ownExpenseDocumentCount,
  type ExpenseRow,
} from '../db/queries/spending.ts';
import { expenseApprovals, expenseDocuments, expenses, ledgerEntries } from '../db/schema/index.ts';
import { expensePolicy, type ExpenseFacts } from '../policies/expenses.ts';
import type { Viewer } from '../policies/viewer.ts';
import type { Actor } from '../services/audit.ts';
import { audit } from '../services/audit.ts';
import { isCheckViolation, isUniqueViolation } from '../services/db-errors.ts';
import { notify, notifyAdmins } from '../services/notifications.ts';
import { assertReadVersion } from './read-version.ts';
import type { CommandContext, Tx } from './run.ts';

const STATUS_WORDS: Record<ExpenseStatus, string> = {
  submitted: 'waiting for approval',
  approved: 'approved',
  released: 'already released',
  rejected: 'rejected',
  on_hold: 'on hold',
};

/** The signed-in person acting (the routes of these commands admit only signed-in people). */
export function personActing(actor: Actor): string {
  if (!actor.id) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  return actor.id;
}

/**
 * Locks the expense for a step its status must allow (`action` names the step in the refusal), made on the version
 * the manager read (`readVersion`; 409 with the current one when it changed), unless the step is an edit.
 */
async function lockExpense(
  tx: Tx,
  id: string,
  allowed: ExpenseStatus[],
  action: string,
  readVersion: number | null,
): Promise<ExpenseRow> {
  const [row] = await tx.select().from(expenses).where(eq(expenses.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'No such expense');
  if (!allowed.includes(row.status))
    throw AppError.stale(`This expense is ${STATUS_WORDS[row.status]}, so it cannot be ${action}`, row.version);
  if (readVersion !== null) assertReadVersion(row.version, readVersion, 'This expense');
  return row;
}

/** What the expense policy reads of an expense: who submitted it, and whose campaign it is on. */
const expenseFacts = async (tx: Tx, expense: ExpenseRow): Promise<ExpenseFacts> => ({
  submittedBy: expense.submittedBy,
  campaignOwnerId: await campaignOwnerOf(tx, expense.campaignId),
});

const samePayee = (a: string, b: string) => a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');

/** The campaign owner and the submitter hear about every step, except the person who took it. */
async function tellOwner(
  { tx, actor, now, afterCommit }: CommandContext,
  expense: ExpenseRow,
  title: string,
  body: string,
  important: boolean,
): Promise<void> {
  const owner = await campaignOwnerOf(tx, expense.campaignId);
  const people = new Set([owner, expense.submittedBy].filter((id): id is string => !!id && id !== actor.id));
  const notified = await notify(
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
  afterCommit.mailNotifications(notified);
}

function describe(expense: Pick<ExpenseRow, 'payee' | 'usdCents'>) {
  return `${formatCents(expense.usdCents)} to ${expense.payee}`;
}

type SubmitExpense = z.output<typeof SubmitExpenseSchema>;

/** The owner (or a manager) asks for money against documents she uploaded; managers hear of it. */
export async function submitExpense(
  ctx: CommandContext,
  campaignId: string,
  input: SubmitExpense,
  twoApproversAboveCents: number,
): Promise<ExpenseRow> {
  const { tx, actor, now } = ctx;
  const me = personActing(actor);
  const amountCents = dollarsToCents(input.amount)!;
  const usdCents = input.currency === 'USD' ? amountCents : dollarsToCents(input.usdAmount!)!;
  if ((await ownExpenseDocumentCount(tx, me, input.documentIds)) !== input.documentIds.length)
    throw new AppError('VALIDATION', 'Attach documents you uploaded for this expense', 'documentIds');
  const declared = await declaredPayeeOf(tx, campaignId);
  if (declared !== null && !samePayee(declared, input.payee))
    throw new AppError('VALIDATION', `This fundraiser pays only its declared payee: ${declared}`, 'payee');
  const [expense] = await tx
    .insert(expenses)
    .values({
      campaignId,
      submittedBy: me,
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
    .values(input.documentIds.map((uploadId) => ({ expenseId: expense!.id, uploadId })))
    .catch((err: unknown) => {
      // Each document belongs to one expense.
      if (isUniqueViolation(err))
        throw new AppError('CONFLICT', 'A document is already attached to another expense', 'documentIds');
      throw err;
    });
  await audit(tx, actor, { action: 'expense.submit', targetType: 'expense', targetId: expense!.id, after: expense });
  // The managers' queue items are not mailed (not important); the owner's are stored the same way.
  await notifyAdmins(
    tx,
    'manager',
    {
      title: 'An expense is waiting for approval',
      body: describe(expense!),
      link: '/admin-expenses',
      eventKey: `expense:${expense!.id}:submitted`,
    },
    me,
  );
  await tellOwner(ctx, expense!, 'An expense was submitted for your campaign', describe(expense!), false);
  return expense!;
}

type ApproveExpense = z.output<typeof ApproveExpenseSchema>;

/** One approval; the expense becomes approved once it has as many different approvers as it needs. */
export async function approveExpense(
  ctx: CommandContext,
  viewer: Viewer,
  id: string,
  input: ApproveExpense,
): Promise<ExpenseRow> {
  const { tx, actor, now, afterCommit } = ctx;
  const me = personActing(actor);
  const before = await lockExpense(tx, id, ['submitted'], 'approved', input.version);
  expensePolicy.authorize(viewer, 'approve', await expenseFacts(tx, before));
  const added = await tx
    .insert(expenseApprovals)
    .values({ expenseId: id, approverId: me, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (added.length === 0)
    throw new AppError('CONFLICT', 'You have already approved this expense; it needs a different second approver');
  const approvals = await approvalCount(tx, id);
  const complete = approvals >= before.requiredApprovals;
  const [after] = await tx
    .update(expenses)
    .set({ status: complete ? 'approved' : 'submitted', publicDescription: input.publicDescription, updatedAt: now })
    .where(eq(expenses.id, id))
    .returning();
  await audit(tx, actor, {
    action: 'expense.approve',
    targetType: 'expense',
    targetId: id,
    before,
    after: { ...after, approvals },
  });
  if (complete)
    await tellOwner(
      ctx,
      after!,
      'Your expense was approved',
      `${describe(after!)} is approved and waits to be paid.`,
      false,
    );
  afterCommit.refresh('ledger');
  return after!;
}

type PublicDescription = z.output<typeof PublicDescriptionSchema>;

/** A manager sets or clears what the public ledger says about an expense (any status but rejected). */
export async function setPublicDescription(
  { tx, actor, now, afterCommit }: CommandContext,
  id: string,
  input: PublicDescription,
): Promise<ExpenseRow> {
  const before = await lockExpense(
    tx,
    id,
    ['submitted', 'on_hold', 'approved', 'released'],
    'described for the public',
    null,
  );
  const [after] = await tx
    .update(expenses)
    .set({ publicDescription: input.publicDescription, updatedAt: now })
    .where(eq(expenses.id, id))
    .returning();
  await audit(tx, actor, {
    action: 'expense.public_description',
    targetType: 'expense',
    targetId: id,
    before: { publicDescription: before.publicDescription },
    after: { publicDescription: after!.publicDescription },
  });
  afterCommit.refresh('ledger');
  return after!;
}

interface Decision {
  /** The version the manager read. */
  version: number;
  from: ExpenseStatus[];
  to: (before: ExpenseRow, approvals: number) => ExpenseStatus;
  verb: string;
  action: 'expense.reject' | 'expense.hold' | 'expense.resume';
  reason: string | null;
  title: string;
  important: boolean;
}

async function decide(ctx: CommandContext, id: string, rule: Decision): Promise<ExpenseRow> {
  const { tx, actor, now, afterCommit } = ctx;
  personActing(actor);
  const before = await lockExpense(tx, id, rule.from, rule.verb, rule.version);
  const approvals = await approvalCount(tx, id);
  const [after] = await tx
    .update(expenses)
    .set({ status: rule.to(before, approvals), statusReason: rule.reason, updatedAt: now })
    .where(eq(expenses.id, id))
    .returning();
  await audit(tx, actor, { action: rule.action, targetType: 'expense', targetId: id, before, after });
  const body = rule.reason ? `${describe(after!)}: ${rule.reason}` : describe(after!);
  await tellOwner(ctx, after!, rule.title, body, rule.important);
  afterCommit.refresh('ledger');
  return after!;
}

/** Refuses the expense for good, with the reason the owner is told. */
export function rejectExpense(
  ctx: CommandContext,
  id: string,
  { reason, version }: { reason: string; version: number },
) {
  return decide(ctx, id, {
    version,
    from: ['submitted', 'approved', 'on_hold'],
    to: () => 'rejected',
    verb: 'rejected',
    action: 'expense.reject',
    reason,
    title: 'Your expense was not approved',
    important: true,
  });
}

/** Stops the expense until it is resumed, with the reason the owner is told. */
export function holdExpense(ctx: CommandContext, id: string, { reason, version }: { reason: string; version: number }) {
  return decide(ctx, id, {
    version,
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
export function resumeExpense(ctx: CommandContext, id: string, { version }: { version: number }) {
  return decide(ctx, id, {
    version,
    from: ['on_hold'],
    to: (before, approvals) => (approvals >= before.requiredApprovals ? 'approved' : 'submitted'),
    verb: 'taken off hold',
    action: 'expense.resume',
    reason: null,
    title: 'Your expense is off hold',
    important: false,
  });
}

/**
 * Writes a ledger row that takes money out of the campaign. The database refuses one beyond what is held;
 * the row is written under a savepoint so that, refused, the transaction can still read what is held for
 * the message (`overdrawn` words it).
 */
export async function takeFromLedger(
  tx: Tx,
  values: typeof ledgerEntries.$inferInsert,
  overdrawn: (held: string) => string,
): Promise<typeof ledgerEntries.$inferSelect> {
  try {
    const [entry] = await tx.transaction((savepoint) => savepoint.insert(ledgerEntries).values(values).returning());
    return entry!;
  } catch (err) {
    if (isCheckViolation(err, 'ledger_balances_held_nonnegative'))
      throw new AppError('CONFLICT', overdrawn(formatCents(await heldCents(tx, values.campaignId))));
    throw err;
  }
}

type ReleaseExpense = z.output<typeof ReleaseExpenseSchema>;

/** Pays an approved expense: a release row in the ledger, which the database refuses beyond what is held. */
export async function releaseExpense(
  ctx: CommandContext,
  viewer: Viewer,
  id: string,
  input: ReleaseExpense,
): Promise<ExpenseRow> {
  const { tx, actor, now, afterCommit } = ctx;
  const me = personActing(actor);
  const before = await lockExpense(tx, id, ['approved'], 'released', input.version);
  expensePolicy.authorize(viewer, 'release', await expenseFacts(tx, before));
  // A fundraiser's money goes only to the payee its review approved (which a later review may have changed).
  const declared = await declaredPayeeOf(tx, before.campaignId);
  if (declared !== null && !samePayee(declared, before.payee))
    throw new AppError(
      'CONFLICT',
      `This fundraiser pays only its declared payee, ${declared}; this expense names ${before.payee}, so it cannot be released`,
    );
  await takeFromLedger(
    tx,
    {
      campaignId: before.campaignId,
      kind: 'release',
      amountCents: before.usdCents,
      expenseId: id,
      costGroup: before.costGroup,
      note: input.method,
      createdBy: me,
      createdAt: now,
    },
    (held) =>
      `Only ${held} is held, less than this expense's ${formatCents(before.usdCents)}; it cannot be released yet`,
  );
  const [after] = await tx
    .update(expenses)
    .set({
      status: 'released',
      releaseMethod: input.method,
      releaseReference: input.reference,
      paidOn: input.paidOn,
      releasedBy: me,
      releasedAt: now,
      updatedAt: now,
    })
    .where(eq(expenses.id, id))
    .returning();
  await audit(tx, actor, { action: 'expense.release', targetType: 'expense', targetId: id, before, after });
  await tellOwner(
    ctx,
    after!,
    'Your expense was paid',
    `${describe(after!)} was paid on ${input.paidOn} (${input.method}).`,
    true,
  );
  afterCommit.refresh('ledger');
  return after!;
}
