/** A patient's consents for her consumer health data (decision 017): read them, give one, withdraw one. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/health-data-consents.ts';
import { CONSUMER_HEALTH_POLICY_VERSION } from '#shared/health-data-consent.ts';
import { deleteHealthAnswers, giveHealthConsent, withdrawHealthConsent } from '../../commands/health-data-consents.ts';
import { healthConsentsOf, holdsHealthAnswers } from '../../db/queries/health-data-consents.ts';
import { presentHealthConsent, presentHealthConsents } from '../../presenters/health-data-consent.ts';
import { route } from '../endpoint.ts';

const noStore = { 'cache-control': 'no-store' };

const healthDataConsents: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.healthConsents, {}, async (_request, reply, { me }) => {
    const [rows, holds] = await Promise.all([healthConsentsOf(app.db, me.id), holdsHealthAnswers(app.db, me.id)]);
    return reply.headers(noStore).send(presentHealthConsents(rows, CONSUMER_HEALTH_POLICY_VERSION, holds));
  });

  route(app, endpoints.giveHealthConsent, {}, async (request, reply, { me }) => {
    const row = await request.run(giveHealthConsent, me.id, request.body.kind, request.body.policyVersion);
    return reply.status(201).send(presentHealthConsent(row));
  });

  route(app, endpoints.withdrawHealthConsent, {}, async (request, reply, { me }) => {
    await request.run(withdrawHealthConsent, me.id, request.params.kind);
    return reply.status(204).send();
  });

  route(app, endpoints.deleteHealthAnswers, {}, async (request, reply, { me }) => {
    await request.run(deleteHealthAnswers, me.id);
    return reply.status(204).send();
  });
};
export default healthDataConsents;
