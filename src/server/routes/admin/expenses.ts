/** The spending queue (manager and above): expenses to approve and release, and donors' refund requests. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { formatCents } from '#shared/money.ts';
import {
  ApproveExpenseSchema,
  DeclineRefundRequestSchema,
  EXPENSES_PAGE_SIZE,
  ExpenseListQuerySchema,
  HoldExpenseSchema,
  PublicDescriptionSchema,
  RefundRequestListQuerySchema,
  RejectExpenseSchema,
  ReleaseExpenseSchema,
} from '#shared/schemas/spending.ts';
import { expenses, refundRequests } from '../../db/schema/index.ts';
import {
  approveExpense,
  declineRefundRequest,
  holdExpense,
  rejectExpense,
  releaseExpense,
  resumeExpense,
  setPublicDescription,
  type ExpenseRow,
} from '../../commands/spending.ts';
import { presentExpenses, presentRefundRequest } from '../../presenters/spending.ts';
import { mailFailure } from '../../services/mail.ts';
import { refundRequestAnswerMail } from '../../services/mail-templates.ts';
import { mailImportant, type NotificationRow } from '../../services/notifications.ts';

const manager = { admin: 'manager' } as const;
const idParams = z.object({ id: z.uuid('Not a valid id') });

/** After a decision's transaction: mail the important notifications, refresh the ledger, answer with the expense. */
async function answer(
  app: FastifyInstance,
  request: FastifyRequest,
  result: { expense: ExpenseRow; notified: (NotificationRow & { important: boolean })[] },
) {
  app.ledgers.invalidate();
  await mailImportant(app, request, result.notified);
  const [view] = await presentExpenses(app.db, [result.expense], app.clock.now());
  return view;
}

const adminExpenses: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/expenses',
    { schema: { querystring: ExpenseListQuerySchema }, config: { access: manager } },
    async (request, reply) => {
      const { status, page } = request.query;
      // Without a status: everything still open, oldest first (the order it is owed in).
      const where = status
        ? eq(expenses.status, status)
        : inArray(expenses.status, ['submitted', 'on_hold', 'approved']);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(expenses)
          .where(where)
          .orderBy(status ? desc(expenses.updatedAt) : asc(expenses.createdAt), asc(expenses.id))
          .limit(EXPENSES_PAGE_SIZE)
          .offset((page - 1) * EXPENSES_PAGE_SIZE),
        app.db.select({ n: count() }).from(expenses).where(where),
      ]);
      return reply.header('cache-control', 'no-store').send({
        items: await presentExpenses(app.db, rows, app.clock.now()),
        page,
        pageSize: EXPENSES_PAGE_SIZE,
        total: total?.n ?? 0,
        twoApproverThresholdCents: app.config.twoApproversAboveCents,
      });
    },
  );

  app.post(
    '/api/admin/expenses/:id/approve',
    { schema: { params: idParams, body: ApproveExpenseSchema }, config: { access: manager } },
    async (request) =>
      answer(app, request, await approveExpense(app.db, request, request.params.id, request.body, app.clock.now())),
  );

  app.put(
    '/api/admin/expenses/:id/public-description',
    { schema: { params: idParams, body: PublicDescriptionSchema }, config: { access: manager } },
    async (request) =>
      answer(
        app,
        request,
        await setPublicDescription(app.db, request, request.params.id, request.body, app.clock.now()),
      ),
  );

  app.post(
    '/api/admin/expenses/:id/reject',
    { schema: { params: idParams, body: RejectExpenseSchema }, config: { access: manager } },
    async (request) =>
      answer(
        app,
        request,
        await rejectExpense(app.db, request, request.params.id, request.body.reason, app.clock.now()),
      ),
  );

  app.post(
    '/api/admin/expenses/:id/hold',
    { schema: { params: idParams, body: HoldExpenseSchema }, config: { access: manager } },
    async (request) =>
      answer(app, request, await holdExpense(app.db, request, request.params.id, request.body.reason, app.clock.now())),
  );

  app.post(
    '/api/admin/expenses/:id/resume',
    { schema: { params: idParams }, config: { access: manager } },
    async (request) => answer(app, request, await resumeExpense(app.db, request, request.params.id, app.clock.now())),
  );

  app.post(
    '/api/admin/expenses/:id/release',
    { schema: { params: idParams, body: ReleaseExpenseSchema }, config: { access: manager } },
    async (request) =>
      answer(app, request, await releaseExpense(app.db, request, request.params.id, request.body, app.clock.now())),
  );

  app.get(
    '/api/admin/refund-requests',
    { schema: { querystring: RefundRequestListQuerySchema }, config: { access: manager } },
    async (request, reply) => {
      const { status, page } = request.query;
      const where = eq(refundRequests.status, status);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(refundRequests)
          .where(where)
          .orderBy(
            status === 'open' ? asc(refundRequests.createdAt) : desc(refundRequests.decidedAt),
            asc(refundRequests.id),
          )
          .limit(ADMIN_LIST_PAGE_SIZE)
          .offset((page - 1) * ADMIN_LIST_PAGE_SIZE),
        app.db.select({ n: count() }).from(refundRequests).where(where),
      ]);
      const now = app.clock.now();
      return reply.header('cache-control', 'no-store').send({
        items: rows.map((r) => presentRefundRequest(r, now)),
        page,
        pageSize: ADMIN_LIST_PAGE_SIZE,
        total: total?.n ?? 0,
      });
    },
  );

  app.post(
    '/api/admin/refund-requests/:id/decline',
    { schema: { params: idParams, body: DeclineRefundRequestSchema }, config: { access: manager } },
    async (request) => {
      const row = await declineRefundRequest(app.db, request, request.params.id, request.body.reason, app.clock.now());
      const { product } = (await app.campaigns.current()).content;
      await app.mailer
        .send(
          refundRequestAnswerMail(product.name, row, formatCents(row.amountCents, row.currency), {
            refunded: false,
            reason: request.body.reason,
          }),
        )
        .catch((err: unknown) => request.log.error({ mail: mailFailure(err) }, 'refund answer not sent'));
      return presentRefundRequest(row, app.clock.now());
    },
  );
};
export default adminExpenses;
