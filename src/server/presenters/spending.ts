/** Expenses and refund requests as their owner and admins see them. */
import { windowAge, type WindowAge } from '#shared/business-days.ts';
import type { Expense, RefundRequestView } from '#shared/schemas/spending.ts';
import { expenseAbilities } from '../policies/expenses.ts';
import type { Viewer } from '../policies/viewer.ts';
import type { ExpenseRow, ExpenseWithDetails, PersonName, RefundRequestWithCampaign } from '../db/queries/spending.ts';

const fullName = (u: PersonName | undefined) => (u ? `${u.firstName} ${u.lastName}` : 'A former member');

/** Open items wait against the donor agreement's windows: review until approved, release until paid. */
function expenseAge(row: ExpenseRow, now: Date): WindowAge | null {
  if (row.status === 'submitted' || row.status === 'on_hold') return windowAge('review', row.createdAt, now);
  if (row.status === 'approved') return windowAge('release', row.updatedAt, now);
  return null;
}

/** An expense with its approvals, documents and the names of the people involved (see withDetails). */
/** An expense as `viewer` reads it, with whether she may approve and release it. */
export function presentExpense(row: ExpenseWithDetails, now: Date, viewer: Viewer): Expense {
  const person = row.people;
  return {
    id: row.id,
    campaignId: row.campaignId,
    fundraiserTitle: row.fundraiserTitle,
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
    approvals: row.approvals.map((a) => ({
      approverId: a.approverId,
      approverName: fullName(person.get(a.approverId)),
      at: a.createdAt.toISOString(),
    })),
    submittedBy: row.submittedBy ? { id: row.submittedBy, name: fullName(person.get(row.submittedBy)) } : null,
    documents: row.documents.map((d) => ({
      id: d.id,
      contentType: d.contentType,
      size: d.size,
      url: `/api/uploads/${d.id}`,
    })),
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
    version: row.version,
    abilities: expenseAbilities(viewer, row),
  };
}

/** A donor's refund request, with its age against the disputes window while it is open. */
export function presentRefundRequest(row: RefundRequestWithCampaign, now: Date): RefundRequestView {
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
    fundraiserTitle: row.fundraiserTitle,
    age: row.status === 'open' ? windowAge('disputes', row.createdAt, now) : null,
    createdAt: row.createdAt.toISOString(),
  };
}
