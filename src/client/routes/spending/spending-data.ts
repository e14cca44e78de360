/** The spending pages' reads: the campaign's expenses (owner view) and the admin queues. */
import type { ExpenseStatus } from '#shared/constants.ts';
import type { ExpenseList, RefundRequestView } from '#shared/schemas/spending.ts';
import { apiRequest } from '#client/lib/api.ts';

/** Query keys start with the path they read, so one invalidation reaches every filter and page. */
export const campaignExpensesPath = (slug: string) => `/api/campaigns/${encodeURIComponent(slug)}/expenses`;
export const ADMIN_EXPENSES_PATH = '/api/admin/expenses';
export const ADMIN_REFUND_REQUESTS_PATH = '/api/admin/refund-requests';

export interface RefundRequestPage {
  items: RefundRequestView[];
  page: number;
  pageSize: number;
  total: number;
}

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export function fetchExpenses(path: string, status: ExpenseStatus | undefined, page: number): Promise<ExpenseList> {
  return apiRequest<ExpenseList>('GET', withQuery(path, { status, page }));
}

export function fetchRefundRequests(status: string, page: number): Promise<RefundRequestPage> {
  return apiRequest<RefundRequestPage>('GET', withQuery(ADMIN_REFUND_REQUESTS_PATH, { status, page }));
}
