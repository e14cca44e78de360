/**
 * Verified spending: a campaign's public ledger, a donor's refund request, the owner's expenses, and the
 * managers' review of them.
 */
import { z } from 'zod';
import { CampaignParamsSchema } from '../schemas/public-fundraisers.ts';
import { pageSchema } from '../schemas/paging.ts';
import {
  ApproveExpenseSchema,
  DeclineRefundRequestSchema,
  ExpenseListQuerySchema,
  ExpenseListSchema,
  ExpenseSchema,
  HoldExpenseSchema,
  LedgerSchema,
  PublicDescriptionSchema,
  RefundRequestListQuerySchema,
  RefundRequestSchema,
  RefundRequestViewSchema,
  RejectExpenseSchema,
  ReleaseExpenseSchema,
  ResumeExpenseSchema,
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

const manager = { admin: 'manager' } as const;
/** Money leaves the campaign: a manager who re-entered her password in the last 15 minutes, as for donations. */
const managerStepUp = { admin: 'manager', stepUp: true } as const;
/** A decision moves the queue, the owner's list, the public ledger and the dashboard's counts. */
const decided = ['expenses', 'ledger', 'dashboard'] as const;

export const queue = endpoint({
  method: 'GET',
  path: '/api/admin/expenses',
  access: manager,
  resource: 'expenses',
  query: ExpenseListQuerySchema,
  responses: { 200: ExpenseListSchema },
});
export const approve = endpoint({
  method: 'POST',
  path: '/api/admin/expenses/:id/approve',
  access: managerStepUp,
  params: IdParamsSchema,
  body: ApproveExpenseSchema,
  responses: { 200: ExpenseSchema },
  changes: decided,
});
export const publicDescription = endpoint({
  method: 'PUT',
  path: '/api/admin/expenses/:id/public-description',
  access: manager,
  params: IdParamsSchema,
  body: PublicDescriptionSchema,
  responses: { 200: ExpenseSchema },
  changes: ['expenses', 'ledger'],
});
export const reject = endpoint({
  method: 'POST',
  path: '/api/admin/expenses/:id/reject',
  access: manager,
  params: IdParamsSchema,
  body: RejectExpenseSchema,
  responses: { 200: ExpenseSchema },
  changes: decided,
});
export const hold = endpoint({
  method: 'POST',
  path: '/api/admin/expenses/:id/hold',
  access: manager,
  params: IdParamsSchema,
  body: HoldExpenseSchema,
  responses: { 200: ExpenseSchema },
  changes: decided,
});
export const resume = endpoint({
  method: 'POST',
  path: '/api/admin/expenses/:id/resume',
  access: manager,
  params: IdParamsSchema,
  body: ResumeExpenseSchema,
  responses: { 200: ExpenseSchema },
  changes: decided,
});
export const release = endpoint({
  method: 'POST',
  path: '/api/admin/expenses/:id/release',
  access: managerStepUp,
  params: IdParamsSchema,
  body: ReleaseExpenseSchema,
  responses: { 200: ExpenseSchema },
  changes: decided,
});
export const refundRequests = endpoint({
  method: 'GET',
  path: '/api/admin/refund-requests',
  access: manager,
  resource: 'refund-requests',
  query: RefundRequestListQuerySchema,
  responses: { 200: pageSchema(RefundRequestViewSchema) },
});
export const declineRefundRequest = endpoint({
  method: 'POST',
  path: '/api/admin/refund-requests/:id/decline',
  access: manager,
  params: IdParamsSchema,
  body: DeclineRefundRequestSchema,
  responses: { 200: RefundRequestViewSchema },
  changes: ['refund-requests', 'dashboard'],
});
