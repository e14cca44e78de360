/**
 * Patients' fundraisers as anyone reads them (decision 009): the live list and one live or closed fundraiser.
 * Their money (progress, supporters, ledger) is read per campaign (routes/campaign, routes/spending).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#shared/errors.ts';
import * as endpoints from '#shared/contract/fundraisers.ts';
import { FUNDRAISER_UPDATES_SHOWN } from '#shared/schemas/live-fundraisers.ts';
import { findPublicFundraiser, publicFundraisersPage } from '../../db/queries/public-fundraisers.ts';
import { updatesOf } from '../../db/queries/live-fundraisers.ts';
import { publicAttestation } from '../../db/queries/medical-reviews.ts';
import { presentPublicFundraiser, presentPublicFundraiserSummary } from '../../presenters/public-fundraiser.ts';
import { route } from '../endpoint.ts';

// Public reads, unlimited like the stories and the doctors' directory: the pages that show them are kept
// rendered for seconds (decision 008), and each read is one indexed statement or two.
const publicFundraiserRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.list, {}, async (request, reply) => {
    const page = await publicFundraisersPage(app.db, request.query, presentPublicFundraiserSummary);
    return reply.header('cache-control', 'no-cache').send(page);
  });

  route(app, endpoints.bySlug, {}, async (request, reply) => {
    const row = await findPublicFundraiser(app.db, request.params.slug);
    // A draft, an application in review and a refused one answer as if they did not exist.
    if (!row) throw new AppError('NOT_FOUND', 'No such fundraiser');
    const [attestation, updates] = await Promise.all([
      publicAttestation(app.db, row.fundraiser.id),
      updatesOf(app.db, row.fundraiser.id, FUNDRAISER_UPDATES_SHOWN),
    ]);
    return reply.header('cache-control', 'no-cache').send(await presentPublicFundraiser(row, attestation, updates));
  });
};
export default publicFundraiserRoutes;
