/** The doctor verification queue: managers and above read license details and verify or reject. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DoctorVerificationsQuerySchema, RejectDoctorSchema, VerifyDoctorSchema } from '#shared/schemas/doctors.ts';
import { decideVerification, type VerificationDecision } from '../../commands/doctors.ts';
import { findVerification, verificationsPage, type VerificationRow } from '../../db/queries/doctors.ts';
import { presentDoctorVerification } from '../../presenters/doctor.ts';

const idParams = z.object({ id: z.uuid('Not a valid id') });

const present = (r: VerificationRow) => presentDoctorVerification(r.profile, r.user, r.decidedByEmail);

/** Decides (the doctor is mailed after the commit when they allow it), and answers with the profile. */
async function decide(app: FastifyInstance, request: FastifyRequest, id: string, decision: VerificationDecision) {
  const { changed } = await request.run(decideVerification, id, decision);
  return { ...present((await findVerification(app.db, id))!), changed };
}

const adminDoctors: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/doctor-verifications',
    { schema: { querystring: DoctorVerificationsQuerySchema }, config: { access: { admin: 'manager' } } },
    async (request, reply) => {
      const page = await verificationsPage(app.db, request.query, present);
      return reply.header('cache-control', 'no-store').send(page);
    },
  );

  app.post(
    '/api/admin/doctor-verifications/:id/verify',
    { schema: { params: idParams, body: VerifyDoctorSchema }, config: { access: { admin: 'manager' } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await decide(app, request, request.params.id, { status: 'verified', version: request.body.version })),
  );

  app.post(
    '/api/admin/doctor-verifications/:id/reject',
    { schema: { params: idParams, body: RejectDoctorSchema }, config: { access: { admin: 'manager' } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await decide(app, request, request.params.id, { status: 'rejected', ...request.body })),
  );
};
export default adminDoctors;
