/**
 * Verified spending for the campaign's owner and the public: the ledger (public, amounts only), refund
 * requests (public form), and the owner's expenses (the owner and managers only).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { formatCents, dollarsToCents } from '#shared/money.ts';
import {
  EXPENSES_PAGE_SIZE,
  ExpenseListQuerySchema,
  RefundRequestSchema,
  SubmitExpenseSchema,
} from '#shared/schemas/spending.ts';
import { expenses } from '../../db/schema/index.ts';
import { createRefundRequest, submitExpense } from '../../commands/spending.ts';
import { isAdmin, requireUser } from '../../plugins/auth.ts';
import { presentExpenses } from '../../presenters/spending.ts';
import { findCampaign, type CampaignRow } from '../../services/campaign.ts';
import { mailFailure } from '../../services/mail.ts';
import { refundRequestReceivedMail } from '../../services/mail-templates.ts';
import { mailImportant } from '../../services/notifications.ts';

const campaignParams = z.object({ id: z.string().min(1).max(100) });
const idParams = z.object({ id: z.uuid('Not a valid id') });

/** The campaign's owner and managers (with their second factor) may see and submit its expenses. */
export function canSeeExpenses(request: FastifyRequest, campaign: Pick<CampaignRow, 'ownerId'>): boolean {
  const me = requireUser(request);
  return campaign.ownerId === me.id || isAdmin(request, 'manager');
}

function requireExpenseAccess(request: FastifyRequest, campaign: Pick<CampaignRow, 'ownerId'>) {
  if (!canSeeExpenses(request, campaign))
    throw new AppError('FORBIDDEN', "Only the campaign's owner and its managers can see and submit its expenses");
}

const spending: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/campaigns/:id/ledger',
    { schema: { params: campaignParams }, config: { access: 'public' } },
    async (request, reply) => {
      const campaign = await findCampaign(app.db, request.params.id);
      return reply.header('cache-control', 'no-cache').send(await app.ledgers.read(campaign));
    },
  );

  app.post(
    '/api/refund-requests',
    {
      schema: { body: RefundRequestSchema },
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const { altcha, ...input } = request.body;
      await app.altcha.verify(altcha);
      const campaign = await app.campaigns.current();
      const row = await createRefundRequest(app.db, request, campaign.id, input);
      // The request is stored; a mail failure must not lose it or fail the donor.
      await app.mailer
        .send(
          refundRequestReceivedMail(
            campaign.content.product.name,
            input,
            formatCents(dollarsToCents(input.amount)!, input.currency),
          ),
        )
        .catch((err: unknown) => request.log.error({ mail: mailFailure(err) }, 'refund request receipt not sent'));
      return reply.status(201).send({ id: row.id });
    },
  );

  app.get(
    '/api/campaigns/:id/expenses',
    { schema: { params: campaignParams, querystring: ExpenseListQuerySchema }, config: { access: 'user' } },
    async (request, reply) => {
      const campaign = await findCampaign(app.db, request.params.id);
      requireExpenseAccess(request, campaign);
      const where = and(
        eq(expenses.campaignId, campaign.id),
        request.query.status ? eq(expenses.status, request.query.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(expenses)
          .where(where)
          .orderBy(desc(expenses.createdAt), asc(expenses.id))
          .limit(EXPENSES_PAGE_SIZE)
          .offset((request.query.page - 1) * EXPENSES_PAGE_SIZE),
        app.db.select({ n: count() }).from(expenses).where(where),
      ]);
      return reply.header('cache-control', 'no-store').send({
        items: await presentExpenses(app.db, rows, app.clock.now()),
        page: request.query.page,
        pageSize: EXPENSES_PAGE_SIZE,
        total: total?.n ?? 0,
        twoApproverThresholdCents: app.config.twoApproversAboveCents,
      });
    },
  );

  app.post(
    '/api/campaigns/:id/expenses',
    {
      schema: { params: campaignParams, body: SubmitExpenseSchema },
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const campaign = await findCampaign(app.db, request.params.id);
      requireExpenseAccess(request, campaign);
      const { expense, notified } = await submitExpense(
        app.db,
        request,
        campaign,
        request.body,
        app.config.twoApproversAboveCents,
        app.clock.now(),
      );
      await mailImportant(app, request, notified);
      const [view] = await presentExpenses(app.db, [expense], app.clock.now());
      return reply.status(201).header('cache-control', 'no-store').send(view);
    },
  );

  app.get('/api/expenses/:id', { schema: { params: idParams }, config: { access: 'user' } }, async (request, reply) => {
    const [row] = await app.db.select().from(expenses).where(eq(expenses.id, request.params.id));
    const campaign = row ? await findCampaign(app.db, row.campaignId) : undefined;
    // Someone without access learns nothing, not even that the expense exists.
    if (!row || !campaign || !(canSeeExpenses(request, campaign) || row.submittedBy === request.user!.id))
      throw new AppError('NOT_FOUND', 'No such expense');
    const [view] = await presentExpenses(app.db, [row], app.clock.now());
    return reply.header('cache-control', 'no-store').send(view);
  });
};
export default spending;
