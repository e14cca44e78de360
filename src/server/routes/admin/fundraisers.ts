/** The managers' review of patients' fundraiser applications: approve, send back for changes, refuse (decision 009). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminFundraisersQuerySchema,
  ApplicationDecisionSchema,
  ApplicationMessageDecisionSchema,
  MoneyChangeDecisionSchema,
  MoneyChangeRefusalSchema,
  ReviewMessageSchema,
} from '#shared/schemas/fundraisers.ts';
import type { FastifyRequest } from 'fastify';
import { reviewFundraiser, type ReviewDecision } from '../../commands/fundraisers.ts';
import { closeFundraiserAsManager, reviewMoneyChange } from '../../commands/live-fundraisers.ts';
import type { FundraiserRow } from '../../db/queries/fundraisers.ts';
import { attachmentsOf, fundraiserForReview, fundraiserQueuePage } from '../../db/queries/fundraisers.ts';
import { presentFundraiser, presentQueueItem, presentReviewedFundraiser } from '../../presenters/fundraiser.ts';

const manager = { admin: 'manager' } as const;
const idParams = z.object({ id: z.uuid('Not a valid id') });
const noStore = { 'cache-control': 'no-store' };

const adminFundraisers: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/fundraisers',
    { schema: { querystring: AdminFundraisersQuerySchema }, config: { access: manager } },
    async (request, reply) => {
      const page = await fundraiserQueuePage(app.db, request.query, presentQueueItem);
      return reply.headers(noStore).send(page);
    },
  );

  app.get(
    '/api/admin/fundraisers/:id',
    { schema: { params: idParams }, config: { access: manager } },
    async (request, reply) => {
      const review = await fundraiserForReview(app.db, request.params.id);
      return reply.headers(noStore).send(presentReviewedFundraiser(review));
    },
  );

  const present = async (row: FundraiserRow) => presentFundraiser(row, await attachmentsOf(app.db, row));

  /** One decision on application `id`, answered with the application as it now stands. */
  async function decide(
    request: FastifyRequest,
    id: string,
    decision: ReviewDecision,
    input: { version: number; message: string | null },
  ) {
    return present(await request.run(reviewFundraiser, app.config.publicUrl, id, decision, input));
  }

  app.post(
    '/api/admin/fundraisers/:id/approve',
    { schema: { params: idParams, body: ApplicationDecisionSchema }, config: { access: manager } },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await decide(request, request.params.id, 'approve', { version: request.body.version, message: null })),
  );

  for (const [path, decision] of [
    ['request-changes', 'request_changes'],
    ['reject', 'reject'],
  ] as const) {
    app.post(
      `/api/admin/fundraisers/:id/${path}`,
      { schema: { params: idParams, body: ApplicationMessageDecisionSchema }, config: { access: manager } },
      async (request, reply) =>
        reply.headers(noStore).send(await decide(request, request.params.id, decision, request.body)),
    );
  }

  // A live fundraiser's money change (goal, payee, documents): approved, or refused with the reason she reads.
  app.post(
    '/api/admin/fundraisers/:id/money-change/approve',
    { schema: { params: idParams, body: MoneyChangeDecisionSchema }, config: { access: manager } },
    async (request, reply) => {
      const { id } = request.params;
      const input = { revisionId: request.body.revisionId, message: null };
      const row = await request.run(reviewMoneyChange, app.config.publicUrl, id, 'approve', input);
      return reply.headers(noStore).send(await present(row));
    },
  );

  app.post(
    '/api/admin/fundraisers/:id/money-change/refuse',
    { schema: { params: idParams, body: MoneyChangeRefusalSchema }, config: { access: manager } },
    async (request, reply) => {
      const { id } = request.params;
      const row = await request.run(reviewMoneyChange, app.config.publicUrl, id, 'refuse', request.body);
      return reply.headers(noStore).send(await present(row));
    },
  );

  app.post(
    '/api/admin/fundraisers/:id/close',
    { schema: { params: idParams, body: ReviewMessageSchema }, config: { access: manager } },
    async (request, reply) => {
      const { id } = request.params;
      const row = await request.run(closeFundraiserAsManager, app.config.publicUrl, id, request.body.message);
      return reply.headers(noStore).send(await present(row));
    },
  );
};
export default adminFundraisers;
