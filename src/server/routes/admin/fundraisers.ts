/** The managers' review of patients' fundraiser applications: approve, send back for changes, refuse (decision 009). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as endpoints from '#shared/contract/fundraiser-review.ts';
import { reviewFundraiser, type ReviewDecision } from '../../commands/fundraisers.ts';
import { closeFundraiserAsManager, reviewMoneyChange } from '../../commands/live-fundraisers.ts';
import type { FundraiserRow } from '../../db/queries/fundraisers.ts';
import { attachmentsOf, fundraiserForReview, fundraiserQueuePage } from '../../db/queries/fundraisers.ts';
import { presentFundraiser, presentQueueItem, presentReviewedFundraiser } from '../../presenters/fundraiser.ts';
import type { Viewer } from '../../policies/viewer.ts';
import { route } from '../endpoint.ts';

const noStore = { 'cache-control': 'no-store' };

const adminFundraisers: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.queue, {}, async (request, reply) => {
    const page = await fundraiserQueuePage(app.db, request.query, presentQueueItem);
    return reply.headers(noStore).send(page);
  });

  route(app, endpoints.application, {}, async (request, reply, { viewer }) => {
    const review = await fundraiserForReview(app.db, request.params.id);
    return reply.headers(noStore).send(presentReviewedFundraiser(review, viewer));
  });

  const present = async (row: FundraiserRow, viewer: Viewer) =>
    presentFundraiser(row, await attachmentsOf(app.db, row), viewer);

  /** One decision on application `id`, answered with the application as it now stands. */
  async function decide(
    request: FastifyRequest,
    viewer: Viewer,
    id: string,
    decision: ReviewDecision,
    input: { version: number; message: string | null },
  ) {
    return present(await request.run(reviewFundraiser, viewer, app.config.publicUrl, id, decision, input), viewer);
  }

  route(app, endpoints.approve, {}, async (request, reply, { viewer }) =>
    reply
      .headers(noStore)
      .send(
        await decide(request, viewer, request.params.id, 'approve', { version: request.body.version, message: null }),
      ),
  );
  route(app, endpoints.requestChanges, {}, async (request, reply, { viewer }) =>
    reply.headers(noStore).send(await decide(request, viewer, request.params.id, 'request_changes', request.body)),
  );
  route(app, endpoints.reject, {}, async (request, reply, { viewer }) =>
    reply.headers(noStore).send(await decide(request, viewer, request.params.id, 'reject', request.body)),
  );

  // A live fundraiser's money change (goal, payee, documents): approved, or refused with the reason she reads.
  route(app, endpoints.approveMoneyChange, {}, async (request, reply, { viewer }) => {
    const { id } = request.params;
    const input = { revisionId: request.body.revisionId, message: null };
    const row = await request.run(reviewMoneyChange, viewer, app.config.publicUrl, id, 'approve', input);
    return reply.headers(noStore).send(await present(row, viewer));
  });
  route(app, endpoints.refuseMoneyChange, {}, async (request, reply, { viewer }) => {
    const { id } = request.params;
    const row = await request.run(reviewMoneyChange, viewer, app.config.publicUrl, id, 'refuse', request.body);
    return reply.headers(noStore).send(await present(row, viewer));
  });

  route(app, endpoints.close, {}, async (request, reply, { viewer }) => {
    const { id } = request.params;
    const row = await request.run(closeFundraiserAsManager, viewer, app.config.publicUrl, id, request.body.message);
    return reply.headers(noStore).send(await present(row, viewer));
  });
};
export default adminFundraisers;
