/**
 * Verified spending for the campaign's owner and the public: the ledger (public, amounts only), refund
 * requests (public form), and the owner's expenses (the owner and managers only).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/expenses.ts';
import { AppError } from '#shared/errors.ts';
import { submitExpense } from '../../commands/expenses.ts';
import { createRefundRequest } from '../../commands/refunds.ts';
import { giftTarget } from '../../db/queries/fundraisers.ts';
import { campaignExpensesPage, expenseWithDetails, findExpense } from '../../db/queries/spending.ts';
import { spendingPolicy } from '../../policies/expenses.ts';
import { presentExpense } from '../../presenters/spending.ts';
import { findCampaign } from '../../services/campaign.ts';
import { route } from '../endpoint.ts';

const spending: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.ledger, {}, async (request, reply) => {
    const campaign = await app.campaigns.campaignOf(request.params.id);
    return reply.header('cache-control', 'no-cache').send(await app.ledgers.read(campaign));
  });

  /** A campaign a donor may name: the main appeal or a live or closed fundraiser (404 for any other). */
  async function publicCampaignId(idOrSlug: string): Promise<string> {
    const target = await giftTarget(app.db, idOrSlug);
    if (!target) throw new AppError('NOT_FOUND', 'No such campaign');
    return target.id;
  }

  route(
    app,
    endpoints.refundRequest,
    { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } } },
    async (request, reply) => {
      const { altcha, campaign: gaveTo, ...input } = request.body;
      await app.altcha.verify(altcha);
      const campaignId = gaveTo ? await publicCampaignId(gaveTo) : (await app.campaigns.mainAppeal()).id;
      // The donor's receipt is mailed after the commit; a mail failure never loses the request.
      const row = await request.run(createRefundRequest, campaignId, input);
      return reply.status(201).send({ id: row.id });
    },
  );

  route(app, endpoints.campaignExpenses, {}, async (request, reply, { viewer }) => {
    const campaign = await findCampaign(app.db, request.params.id);
    spendingPolicy.authorize(viewer, 'seeExpenses', campaign);
    const now = app.clock.now();
    const page = await campaignExpensesPage(app.db, campaign.id, request.query, (row) =>
      presentExpense(row, now, viewer),
    );
    return reply
      .header('cache-control', 'no-store')
      .send({ ...page, twoApproverThresholdCents: app.config.twoApproversAboveCents });
  });

  route(
    app,
    endpoints.submitExpense,
    { config: { rateLimit: { max: 30, timeWindow: '1 hour' } } },
    async (request, reply, { viewer }) => {
      const campaign = await findCampaign(app.db, request.params.id);
      spendingPolicy.authorize(viewer, 'seeExpenses', campaign);
      const expense = await request.run(submitExpense, campaign.id, request.body, app.config.twoApproversAboveCents);
      const view = presentExpense(await expenseWithDetails(app.db, expense), app.clock.now(), viewer);
      return reply.status(201).header('cache-control', 'no-store').send(view);
    },
  );

  route(app, endpoints.expense, {}, async (request, reply, { viewer }) => {
    const row = await findExpense(app.db, request.params.id);
    const campaign = row ? await findCampaign(app.db, row.campaignId) : undefined;
    // Someone without access learns nothing, not even that the expense exists.
    if (!row || !campaign || !(spendingPolicy.can(viewer, 'seeExpenses', campaign) || row.submittedBy === viewer.id))
      throw new AppError('NOT_FOUND', 'No such expense');
    const view = presentExpense(await expenseWithDetails(app.db, row), app.clock.now(), viewer);
    return reply.header('cache-control', 'no-store').send(view);
  });
};
export default spending;
