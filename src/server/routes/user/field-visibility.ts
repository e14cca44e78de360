/** Who sees each of her health answers (decision 020): read her settings, set one field. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/field-visibility.ts';
import { setFieldVisibility } from '../../commands/field-visibility.ts';
import { fieldVisibilitiesOf, patientAnswersOf } from '../../db/queries/field-visibility.ts';
import { standingHealthConsent } from '../../db/queries/health-data-consents.ts';
import { presentOwnFieldVisibility } from '../../presenters/field-visibility.ts';
import { route } from '../endpoint.ts';

const noStore = { 'cache-control': 'no-store' };

const fieldVisibility: FastifyPluginAsyncZod = async (app) => {
  const answerFor = async (userId: string) => {
    const [answers, settings, share] = await Promise.all([
      patientAnswersOf(app.db, userId),
      fieldVisibilitiesOf(app.db, userId),
      standingHealthConsent(app.db, userId, 'share'),
    ]);
    return presentOwnFieldVisibility(answers, settings, share !== undefined);
  };

  route(app, endpoints.fieldVisibility, {}, async (_request, reply, { me }) =>
    reply.headers(noStore).send(await answerFor(me.id)),
  );

  route(app, endpoints.setFieldVisibility, {}, async (request, reply, { me, viewer }) => {
    await request.run(setFieldVisibility, viewer, request.body);
    return reply.headers(noStore).send(await answerFor(me.id));
  });
};
export default fieldVisibility;
