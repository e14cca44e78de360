/** The spending queue (manager and above): expenses to approve and release, and donors' refund requests. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ApproveExpenseSchema,
  DeclineRefundRequestSchema,
  ExpenseListQuerySchema,
  HoldExpenseSchema,
  PublicDescriptionSchema,
  RefundRequestListQuerySchema,
  RejectExpenseSchema,
  ReleaseExpenseSchema,
  ResumeExpenseSchema,
} from '#shared/schemas/spending.ts';
import {
  approveExpense,
  holdExpense,
  rejectExpense,
  releaseExpense,
  resumeExpense,
  setPublicDescription,
} from '../../commands/expenses.ts';
import { declineRefundRequest } from '../../commands/refunds.ts';
import {
  expenseWithDetails,
  queuePage,
  refundRequestsPage,
  withFundraiserTitle,
  type ExpenseRow,
} from '../../db/queries/spending.ts';
import { presentExpense, presentRefundRequest } from '../../presenters/spending.ts';

const manager = { admin: 'manager' } as const;
/** Money leaves the campaign: a manager who re-entered her password in the last 15 minutes, as for donations. */
const managerStepUp = { admin: 'manager', stepUp: true } as const;
const idParams = z.object({ id: z.uuid('Not a valid id') });

/** The expense as the queue shows it, after a decision committed. */
async function answer(app: FastifyInstance, expense: ExpenseRow) {
  return presentExpense(await expenseWithDetails(app.db, expense), app.clock.now());
}

const adminExpenses: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/expenses',
    { schema: { querystring: ExpenseListQuerySchema }, config: { access: manager } },
    async (request, reply) => {
      const now = app.clock.now();
      const page = await queuePage(app.db, request.query, (row) => presentExpense(row, now));
      return reply
        .header('cache-control', 'no-store')
        .send({ ...page, twoApproverThresholdCents: app.config.twoApproversAboveCents });
    },
  );

  app.post(
    '/api/admin/expenses/:id/approve',
    { schema: { params: idParams, body: ApproveExpenseSchema }, config: { access: managerStepUp } },
    async (request) => answer(app, await request.run(approveExpense, request.params.id, request.body)),
  );

  app.put(
    '/api/admin/expenses/:id/public-description',
    { schema: { params: idParams, body: PublicDescriptionSchema }, config: { access: manager } },
    async (request) => answer(app, await request.run(setPublicDescription, request.params.id, request.body)),
  );

  app.post(
    '/api/admin/expenses/:id/reject',
    { schema: { params: idParams, body: RejectExpenseSchema }, config: { access: manager } },
    async (request) => answer(app, await request.run(rejectExpense, request.params.id, request.body)),
  );

  app.post(
    '/api/admin/expenses/:id/hold',
    { schema: { params: idParams, body: HoldExpenseSchema }, config: { access: manager } },
    async (request) => answer(app, await request.run(holdExpense, request.params.id, request.body)),
  );

  app.post(
    '/api/admin/expenses/:id/resume',
    { schema: { params: idParams, body: ResumeExpenseSchema }, config: { access: manager } },
    async (request) => answer(app, await request.run(resumeExpense, request.params.id, request.body)),
  );

  app.post(
    '/api/admin/expenses/:id/release',
    { schema: { params: idParams, body: ReleaseExpenseSchema }, config: { access: managerStepUp } },
    async (request) => answer(app, await request.run(releaseExpense, request.params.id, request.body)),
  );

  app.get(
    '/api/admin/refund-requests',
    { schema: { querystring: RefundRequestListQuerySchema }, config: { access: manager } },
    async (request, reply) => {
      const now = app.clock.now();
      const page = await refundRequestsPage(app.db, request.query, (row) => presentRefundRequest(row, now));
      return reply.header('cache-control', 'no-store').send(page);
    },
  );

  app.post(
    '/api/admin/refund-requests/:id/decline',
    { schema: { params: idParams, body: DeclineRefundRequestSchema }, config: { access: manager } },
    async (request) => {
      const row = await request.run(declineRefundRequest, request.params.id, request.body.reason);
      return presentRefundRequest(await withFundraiserTitle(app.db, row), app.clock.now());
    },
  );
};
export default adminExpenses;
