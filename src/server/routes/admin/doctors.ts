/** The doctor verification queue: managers and above read license details and verify or reject. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as endpoints from '#shared/contract/doctors.ts';
import { decideVerification, type VerificationDecision } from '../../commands/doctors.ts';
import { findVerification, verificationsPage, type VerificationRow } from '../../db/queries/doctors.ts';
import { presentDoctorVerification } from '../../presenters/doctor.ts';
import { route } from '../endpoint.ts';

const present = (r: VerificationRow) => presentDoctorVerification(r.profile, r.user, r.decidedByEmail);

/** Decides (the doctor is mailed after the commit when they allow it), and answers with the profile. */
async function decide(app: FastifyInstance, request: FastifyRequest, id: string, decision: VerificationDecision) {
  const { changed } = await request.run(decideVerification, id, decision);
  return { ...present((await findVerification(app.db, id))!), changed };
}

const adminDoctors: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.verifications, {}, async (request, reply) => {
    const page = await verificationsPage(app.db, request.query, present);
    return reply.header('cache-control', 'no-store').send(page);
  });

  route(app, endpoints.verify, {}, async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await decide(app, request, request.params.id, { status: 'verified', version: request.body.version })),
  );

  route(app, endpoints.reject, {}, async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await decide(app, request, request.params.id, { status: 'rejected', ...request.body })),
  );
};
export default adminDoctors;
