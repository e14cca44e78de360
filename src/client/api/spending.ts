/** The campaign owner's spending calls: the campaign's expenses, and submitting one. */
import type { z } from 'zod';
import type { ExpenseStatus } from '#shared/constants.ts';
import type { Expense, ExpenseDocumentSchema, ExpenseList, SubmitExpenseSchema } from '#shared/schemas/spending.ts';
import { apiGet, apiRequest, fileForm, withQuery } from '#client/lib/api.ts';

const expensesPath = (slug: string) => `/api/campaigns/${encodeURIComponent(slug)}/expenses`;

/** Starts every key of the campaign's expenses, so one invalidation reaches every filter and page. */
export const campaignExpensesKey = (slug: string) => [expensesPath(slug)] as const;

/** One page of the campaign's expenses (all, or those in `status`); 403 for anyone but the owner and managers. */
export const listCampaignExpenses = (slug: string, status: ExpenseStatus | undefined, page: number) =>
  apiGet<ExpenseList>(withQuery(expensesPath(slug), { status, page }));

/** Submits an expense with the ids of its uploaded documents. */
export const submitExpense = (slug: string, input: z.input<typeof SubmitExpenseSchema>) =>
  apiRequest<Expense>('POST', expensesPath(slug), input);

/** An uploaded invoice or receipt, to attach to an expense by its id. */
export type UploadedDocument = z.infer<typeof ExpenseDocumentSchema>;

/** Uploads one document (PDF or image); the server checks its type by content and its size. */
export const uploadExpenseDocument = (file: File) =>
  apiRequest<UploadedDocument>('POST', '/api/uploads/expense-document', fileForm('document', file));
