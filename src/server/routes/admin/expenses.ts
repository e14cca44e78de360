/** The spending queue (manager and above): expenses to approve and release, and donors' refund requests. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import * as endpoints from '#shared/contract/expenses.ts';
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
import type { Viewer } from '../../policies/viewer.ts';
import { route } from '../endpoint.ts';

/** The expense as the queue shows it, after a decision committed. */
async function answer(app: FastifyInstance, viewer: Viewer, expense: ExpenseRow) {
  return presentExpense(await expenseWithDetails(app.db, expense), app.clock.now(), viewer);
}

const adminExpenses: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.queue, {}, async (request, reply, { viewer }) => {
    const now = app.clock.now();
    const page = await queuePage(app.db, request.query, (row) => presentExpense(row, now, viewer));
    return reply
      .header('cache-control', 'no-store')
      .send({ ...page, twoApproverThresholdCents: app.config.twoApproversAboveCents });
  });

  route(app, endpoints.approve, {}, async (request, _reply, { viewer }) =>
    answer(app, viewer, await request.run(approveExpense, viewer, request.params.id, request.body)),
  );
  route(app, endpoints.publicDescription, {}, async (request, _reply, { viewer }) =>
    answer(app, viewer, await request.run(setPublicDescription, request.params.id, request.body)),
  );
  route(app, endpoints.reject, {}, async (request, _reply, { viewer }) =>
    answer(app, viewer, await request.run(rejectExpense, request.params.id, request.body)),
  );
  route(app, endpoints.hold, {}, async (request, _reply, { viewer }) =>
    answer(app, viewer, await request.run(holdExpense, request.params.id, request.body)),
  );
  route(app, endpoints.resume, {}, async (request, _reply, { viewer }) =>
    answer(app, viewer, await request.run(resumeExpense, request.params.id, request.body)),
  );
  route(app, endpoints.release, {}, async (request, _reply, { viewer }) =>
    answer(app, viewer, await request.run(releaseExpense, viewer, request.params.id, request.body)),
  );

  route(app, endpoints.refundRequests, {}, async (request, reply) => {
    const now = app.clock.now();
    const page = await refundRequestsPage(app.db, request.query, (row) => presentRefundRequest(row, now));
    return reply.header('cache-control', 'no-store').send(page);
  });

  route(app, endpoints.declineRefundRequest, {}, async (request) => {
    const row = await request.run(declineRefundRequest, request.params.id, request.body.reason);
    return presentRefundRequest(await withFundraiserTitle(app.db, row), app.clock.now());
  });
};
export default adminExpenses;
