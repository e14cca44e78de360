/** The campaign owner's spending calls: the campaign's expenses, and submitting one. */
import type { z } from 'zod';
import type { ExpenseStatus } from '#shared/constants.ts';
import * as expenses from '#shared/contract/expenses.ts';
import * as uploads from '#shared/contract/uploads.ts';
import type { ExpenseDocumentSchema, SubmitExpenseSchema } from '#shared/schemas/spending.ts';
import { call, fileForm, queryOf } from '#client/lib/api.ts';

/** One page of the campaign's expenses (all, or those in `status`); 403 for anyone but the owner and managers. */
export const campaignExpensesQuery = (slug: string, status: ExpenseStatus | undefined, page: number) =>
  queryOf(expenses.campaignExpenses, { params: { id: slug }, query: { status, page } });

/** Submits an expense with the ids of its uploaded documents. */
export const submitExpense = (slug: string, body: z.input<typeof SubmitExpenseSchema>) =>
  call(expenses.submitExpense, { params: { id: slug }, body });

/** An uploaded invoice or receipt, to attach to an expense by its id. */
export type UploadedDocument = z.infer<typeof ExpenseDocumentSchema>;

/** Uploads one document (PDF or image); the server checks its type by content and its size. */
export const uploadExpenseDocument = (file: File) =>
  call(uploads.expenseDocument, { body: fileForm('document', file) });
