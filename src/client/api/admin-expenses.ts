/** The spending queue's calls (managers and above): expenses to decide and release, and donors' refund requests. */
import type { z } from 'zod';
import type { ExpenseStatus, RefundRequestStatus } from '#shared/constants.ts';
import * as expenses from '#shared/contract/expenses.ts';
import type {
  ApproveExpenseFormSchema,
  DeclineRefundRequestSchema,
  Expense,
  HoldExpenseFormSchema,
  PublicDescriptionSchema,
  RejectExpenseFormSchema,
  ReleaseExpenseFormSchema,
} from '#shared/schemas/spending.ts';
import { call, queryOf } from '#client/lib/api.ts';

/** One page of the queue: the open expenses oldest first, or those in `status`. */
export const adminExpensesQuery = (status: ExpenseStatus | undefined, page: number) =>
  queryOf(expenses.queue, { query: { status, page } });

/** A decision on an expense and its body; approve and release need the re-entered password (step-up). */
export type ExpenseAction =
  | { action: 'approve'; body: z.input<typeof ApproveExpenseFormSchema> }
  | { action: 'release'; body: z.input<typeof ReleaseExpenseFormSchema> }
  | { action: 'reject'; body: z.input<typeof RejectExpenseFormSchema> }
  | { action: 'hold'; body: z.input<typeof HoldExpenseFormSchema> }
  | { action: 'resume'; body?: undefined };

/** Takes the decision on the expense as the manager read it (its version); the answer is the expense after it. */
export const actOnExpense = (expense: Pick<Expense, 'id' | 'version'>, { action, body }: ExpenseAction) =>
  call(expenses[action], { params: { id: expense.id }, body: { ...body, version: expense.version } });

/** Sets (or clears) what the public ledger says about the expense. */
export const setPublicDescription = (id: string, body: z.input<typeof PublicDescriptionSchema>) =>
  call(expenses.publicDescription, { params: { id }, body });

/** One page of the refund requests in `status`. */
export const refundRequestsQuery = (status: RefundRequestStatus, page: number) =>
  queryOf(expenses.refundRequests, { query: { status, page } });

export const declineRefundRequest = (id: string, body: z.input<typeof DeclineRefundRequestSchema>) =>
  call(expenses.declineRefundRequest, { params: { id }, body });
