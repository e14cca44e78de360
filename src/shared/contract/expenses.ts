/**
 * Verified spending: a campaign's public ledger, a donor's refund request, the owner's expenses, and the
 * managers' review of them.
 */
import { z } from 'zod';
import { CampaignParamsSchema } from '../schemas/public-fundraisers.ts';
import {
  ExpenseListQuerySchema,
  ExpenseListSchema,
  ExpenseSchema,
  LedgerSchema,
  RefundRequestSchema,
  SubmitExpenseSchema,
} from '../schemas/spending.ts';
import { IdParamsSchema } from '../schemas/common.ts';
import { endpoint } from './endpoint.ts';

const CreatedSchema = z.object({ id: z.string() });

export const ledger = endpoint({
  method: 'GET',
  path: '/api/campaigns/:id/ledger',
  access: 'public',
  resource: 'ledger',
  params: CampaignParamsSchema,
  responses: { 200: LedgerSchema },
});
export const refundRequest = endpoint({
  method: 'POST',
  path: '/api/refund-requests',
  access: 'public',
  body: RefundRequestSchema,
  responses: { 201: CreatedSchema },
  changes: ['refund-requests'],
});
export const campaignExpenses = endpoint({
  method: 'GET',
  path: '/api/campaigns/:id/expenses',
  access: 'user',
  resource: 'expenses',
  params: CampaignParamsSchema,
  query: ExpenseListQuerySchema,
  responses: { 200: ExpenseListSchema },
});
export const submitExpense = endpoint({
  method: 'POST',
  path: '/api/campaigns/:id/expenses',
  access: 'user',
  params: CampaignParamsSchema,
  body: SubmitExpenseSchema,
  responses: { 201: ExpenseSchema },
  changes: ['expenses'],
});
export const expense = endpoint({
  method: 'GET',
  path: '/api/expenses/:id',
  access: 'user',
  resource: 'expenses',
  params: IdParamsSchema,
  responses: { 200: ExpenseSchema },
});
