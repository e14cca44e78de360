/** A patient's own fundraiser application (decision 009): read, save the draft, submit for review, withdraw. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FundraiserDraftSchema } from '#shared/schemas/fundraisers.ts';
import { saveFundraiserDraft, submitFundraiser, withdrawFundraiser } from '../../commands/fundraisers.ts';
import { attachmentsOf, ownFundraiser, type FundraiserRow } from '../../db/queries/fundraisers.ts';
import type { Db } from '../../db/client.ts';
import { presentFundraiser } from '../../presenters/fundraiser.ts';
import { requireUser } from '../../plugins/auth.ts';
import { byAccount } from '../../plugins/rate-limit.ts';

const patient = { role: 'patient' } as const;
const noStore = { 'cache-control': 'no-store' };
/** Per account: a draft is saved as she writes, a submission is rare. */
export const FUNDRAISER_SAVE_LIMIT = { max: 120, timeWindow: '1 hour', keyGenerator: byAccount };
export const FUNDRAISER_SUBMIT_LIMIT = { max: 10, timeWindow: '1 hour', keyGenerator: byAccount };

async function answer(db: Db, row: FundraiserRow | undefined) {
  return { fundraiser: row ? presentFundraiser(row, await attachmentsOf(db, row)) : null };
}

const fundraiserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/my-fundraiser', { config: { access: patient } }, async (request, reply) => {
    const row = await ownFundraiser(app.db, requireUser(request).id);
    return reply.headers(noStore).send(await answer(app.db, row));
  });

  app.put(
    '/api/my-fundraiser',
    { schema: { body: FundraiserDraftSchema }, config: { access: patient, rateLimit: FUNDRAISER_SAVE_LIMIT } },
    async (request, reply) => {
      const row = await request.run(saveFundraiserDraft, requireUser(request), request.body);
      return reply.headers(noStore).send(await answer(app.db, row));
    },
  );

  app.post(
    '/api/my-fundraiser/submit',
    { config: { access: patient, rateLimit: FUNDRAISER_SUBMIT_LIMIT } },
    async (request, reply) => {
      const row = await request.run(submitFundraiser, requireUser(request));
      return reply.headers(noStore).send(await answer(app.db, row));
    },
  );

  app.delete(
    '/api/my-fundraiser',
    { config: { access: patient, rateLimit: FUNDRAISER_SUBMIT_LIMIT } },
    async (request, reply) => {
      await request.run(withdrawFundraiser, requireUser(request));
      return reply.code(204).send();
    },
  );
};
export default fundraiserRoutes;
