/** The spending queue's calls (managers and above): expenses to decide and release, and donors' refund requests. */
import type { z } from 'zod';
import type { ExpenseStatus, RefundRequestStatus } from '#shared/constants.ts';
import type { Page } from '#shared/schemas/paging.ts';
import type {
  ApproveExpenseSchema,
  DeclineRefundRequestSchema,
  Expense,
  ExpenseList,
  HoldExpenseSchema,
  PublicDescriptionSchema,
  RefundRequestView,
  RejectExpenseSchema,
  ReleaseExpenseSchema,
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
  | { action: 'approve'; body: z.input<typeof ApproveExpenseSchema> }
  | { action: 'release'; body: z.input<typeof ReleaseExpenseSchema> }
  | { action: 'reject'; body: z.input<typeof RejectExpenseSchema> }
  | { action: 'hold'; body: z.input<typeof HoldExpenseSchema> }
  | { action: 'resume'; body?: undefined };

/** Takes the decision; the answer is the expense as it stands after it. */
export const actOnExpense = (id: string, { action, body }: ExpenseAction) =>
  apiRequest<Expense>('POST', `${EXPENSES_PATH}/${encodeURIComponent(id)}/${action}`, body);

/** Sets (or clears) what the public ledger says about the expense. */
export const setPublicDescription = (id: string, input: z.input<typeof PublicDescriptionSchema>) =>
  apiRequest<Expense>('PUT', `${EXPENSES_PATH}/${encodeURIComponent(id)}/public-description`, input);

/** One page of the refund requests in `status`. */
export const listRefundRequests = (status: RefundRequestStatus, page: number) =>
  apiGet<Page<RefundRequestView>>(withQuery(REFUND_REQUESTS_PATH, { status, page }));

export const declineRefundRequest = (id: string, input: z.input<typeof DeclineRefundRequestSchema>) =>
  apiRequest<void>('POST', `${REFUND_REQUESTS_PATH}/${encodeURIComponent(id)}/decline`, input);
