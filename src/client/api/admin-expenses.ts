/** The spending queue's calls (managers and above): expenses to decide and release, and donors' refund requests. */
import type { z } from 'zod';
import type { ExpenseStatus, RefundRequestStatus } from '#shared/constants.ts';
import type { Page } from '#shared/schemas/paging.ts';
import type {
  ApproveExpenseFormSchema,
  DeclineRefundRequestSchema,
  Expense,
  ExpenseList,
  HoldExpenseFormSchema,
  PublicDescriptionSchema,
  RefundRequestView,
  RejectExpenseFormSchema,
  ReleaseExpenseFormSchema,
} from '#shared/schemas/spending.ts';
import { apiGet, apiRequest, withQuery } from '#client/lib/api.ts';

const EXPENSES_PATH = '/api/admin/expenses';
const REFUND_REQUESTS_PATH = '/api/admin/refund-requests';
export const ADMIN_EXPENSES_KEY = [EXPENSES_PATH] as const;
export const REFUND_REQUESTS_KEY = [REFUND_REQUESTS_PATH] as const;

/** One page of the queue: the open expenses oldest first, or those in `status`. */
export const listAdminExpenses = (status: ExpenseStatus | undefined, page: number) =>
  apiGet<ExpenseList>(withQuery(EXPENSES_PATH, { status, page }));

/** A decision on an expense and its body; approve and release need the re-entered password (step-up). */
export type ExpenseAction =
  | { action: 'approve'; body: z.input<typeof ApproveExpenseFormSchema> }
  | { action: 'release'; body: z.input<typeof ReleaseExpenseFormSchema> }
  | { action: 'reject'; body: z.input<typeof RejectExpenseFormSchema> }
  | { action: 'hold'; body: z.input<typeof HoldExpenseFormSchema> }
  | { action: 'resume'; body?: undefined };

/** Takes the decision on the expense as the manager read it (its version); the answer is the expense after it. */
export const actOnExpense = (expense: Pick<Expense, 'id' | 'version'>, { action, body }: ExpenseAction) =>
  apiRequest<Expense>('POST', `${EXPENSES_PATH}/${encodeURIComponent(expense.id)}/${action}`, {
    ...body,
    version: expense.version,
  });

/** Sets (or clears) what the public ledger says about the expense. */
export const setPublicDescription = (id: string, input: z.input<typeof PublicDescriptionSchema>) =>
  apiRequest<Expense>('PUT', `${EXPENSES_PATH}/${encodeURIComponent(id)}/public-description`, input);

/** One page of the refund requests in `status`. */
export const listRefundRequests = (status: RefundRequestStatus, page: number) =>
  apiGet<Page<RefundRequestView>>(withQuery(REFUND_REQUESTS_PATH, { status, page }));

export const declineRefundRequest = (id: string, input: z.input<typeof DeclineRefundRequestSchema>) =>
  apiRequest<void>('POST', `${REFUND_REQUESTS_PATH}/${encodeURIComponent(id)}/decline`, input);
