/** Expenses and refund requests as their owner and admins see them. */
import { eq, inArray } from 'drizzle-orm';
import { windowAge, type WindowAge } from '#shared/business-days.ts';
import type { Expense, RefundRequestView } from '#shared/schemas/spending.ts';
import type { Db } from '../db/client.ts';
import { expenseApprovals, expenseDocuments, uploads, users } from '../db/schema/index.ts';
import type { refundRequests } from '../db/schema/index.ts';
import type { ExpenseRow } from '../commands/spending.ts';

type RefundRequestRow = typeof refundRequests.$inferSelect;

const fullName = (u: { firstName: string; lastName: string } | undefined) =>
  u ? `${u.firstName} ${u.lastName}` : 'A former member';

/** Open items wait against the donor agreement's windows: review until approved, release until paid. */
function expenseAge(row: ExpenseRow, now: Date): WindowAge | null {
  if (row.status === 'submitted' || row.status === 'on_hold') return windowAge('review', row.createdAt, now);
  if (row.status === 'approved') return windowAge('release', row.updatedAt, now);
  return null;
}

/** Presents expenses with their approvals, documents and people in four queries, whatever the count. */
export async function presentExpenses(db: Db, rows: ExpenseRow[], now: Date): Promise<Expense[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [approvals, documents] = await Promise.all([
    db
      .select()
      .from(expenseApprovals)
      .where(inArray(expenseApprovals.expenseId, ids))
      .orderBy(expenseApprovals.createdAt),
    db
      .select({
        expenseId: expenseDocuments.expenseId,
        id: uploads.id,
        contentType: uploads.contentType,
        size: uploads.size,
      })
      .from(expenseDocuments)
      .innerJoin(uploads, eq(uploads.id, expenseDocuments.uploadId))
      .where(inArray(expenseDocuments.expenseId, ids))
      .orderBy(expenseDocuments.createdAt),
  ]);
  const peopleIds = [
    ...new Set(
      [...rows.flatMap((r) => [r.submittedBy, r.releasedBy]), ...approvals.map((a) => a.approverId)].filter(
        (id): id is string => !!id,
      ),
    ),
  ];
  const people = peopleIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, peopleIds))
    : [];
  const person = new Map(people.map((p) => [p.id, p]));
  return rows.map((row) => ({
    id: row.id,
    costGroup: row.costGroup,
    payee: row.payee,
    payeeCategory: row.payeeCategory,
    amountCents: row.amountCents,
    currency: row.currency,
    usdCents: row.usdCents,
    description: row.description,
    publicDescription: row.publicDescription,
    incurredOn: row.incurredOn,
    status: row.status,
    statusReason: row.statusReason,
    requiredApprovals: row.requiredApprovals,
    approvals: approvals
      .filter((a) => a.expenseId === row.id)
      .map((a) => ({
        approverId: a.approverId,
        approverName: fullName(person.get(a.approverId)),
        at: a.createdAt.toISOString(),
      })),
    submittedBy: row.submittedBy ? { id: row.submittedBy, name: fullName(person.get(row.submittedBy)) } : null,
    documents: documents
      .filter((d) => d.expenseId === row.id)
      .map((d) => ({ id: d.id, contentType: d.contentType, size: d.size, url: `/api/uploads/${d.id}` })),
    release:
      row.status === 'released' && row.releasedAt && row.paidOn
        ? {
            method: row.releaseMethod ?? '',
            reference: row.releaseReference,
            paidOn: row.paidOn,
            releasedAt: row.releasedAt.toISOString(),
            releasedByName: fullName(row.releasedBy ? person.get(row.releasedBy) : undefined),
          }
        : null,
    age: expenseAge(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export function presentRefundRequest(row: RefundRequestRow, now: Date): RefundRequestView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    amountCents: row.amountCents,
    currency: row.currency,
    paymentMethod: row.paymentMethod,
    donatedOn: row.donatedOn,
    reference: row.reference,
    reason: row.reason,
    status: row.status,
    decisionNote: row.decisionNote,
    donationId: row.donationId,
    age: row.status === 'open' ? windowAge('disputes', row.createdAt, now) : null,
    createdAt: row.createdAt.toISOString(),
  };
}
