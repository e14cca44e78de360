/** The doctor verification queue: managers and above read license details and verify or reject. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { asc, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { DoctorVerificationsQuerySchema, RejectDoctorSchema, VerifyDoctorSchema } from '#shared/schemas/doctors.ts';
import { doctorProfiles, users } from '../../db/schema/index.ts';
import { decideVerification, type VerificationDecision } from '../../commands/doctors.ts';
import { presentDoctorVerification } from '../../presenters/doctor.ts';
import { mailImportant } from '../../services/notifications.ts';

const idParams = z.object({ id: z.uuid('Not a valid id') });
const decider = alias(users, 'decider');
const queueColumns = { profile: doctorProfiles, user: users, decidedByEmail: decider.email };

/** One profile as the queue shows it. */
async function findVerification(app: FastifyInstance, id: string) {
  const [row] = await app.db
    .select(queueColumns)
    .from(doctorProfiles)
    .innerJoin(users, eq(users.id, doctorProfiles.userId))
    .leftJoin(decider, eq(decider.id, doctorProfiles.verificationDecidedBy))
    .where(eq(doctorProfiles.userId, id));
  return presentDoctorVerification(row!.profile, row!.user, row!.decidedByEmail);
}

/** Decides, then (after the transaction) emails the doctor when they allow it, and answers with the profile. */
async function decide(app: FastifyInstance, request: FastifyRequest, id: string, decision: VerificationDecision) {
  const result = await decideVerification(app.db, request, id, decision, app.clock.now());
  await mailImportant(app, request, result.notifications);
  return { ...(await findVerification(app, id)), changed: result.changed };
}

const adminDoctors: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/doctor-verifications',
    { schema: { querystring: DoctorVerificationsQuerySchema }, config: { access: { admin: 'manager' } } },
    async (request, reply) => {
      const { status, page } = request.query;
      const where = eq(doctorProfiles.verificationStatus, status);
      // The queue is worked oldest first; decided profiles show the latest decisions first.
      const order =
        status === 'pending'
          ? [asc(doctorProfiles.verificationRequestedAt), asc(doctorProfiles.userId)]
          : [desc(doctorProfiles.verificationDecidedAt), asc(doctorProfiles.userId)];
      const [rows, [total]] = await Promise.all([
        app.db
          .select(queueColumns)
          .from(doctorProfiles)
          .innerJoin(users, eq(users.id, doctorProfiles.userId))
          .leftJoin(decider, eq(decider.id, doctorProfiles.verificationDecidedBy))
          .where(where)
          .orderBy(...order)
          .limit(ADMIN_LIST_PAGE_SIZE)
          .offset((page - 1) * ADMIN_LIST_PAGE_SIZE),
        app.db.select({ n: count() }).from(doctorProfiles).where(where),
      ]);
      return reply
        .headers({ 'cache-control': 'no-store', 'x-total-count': String(total?.n ?? 0) })
        .send(rows.map((r) => presentDoctorVerification(r.profile, r.user, r.decidedByEmail)));
    },
  );

  app.post(
    '/api/admin/doctor-verifications/:id/verify',
    { schema: { params: idParams, body: VerifyDoctorSchema }, config: { access: { admin: 'manager' } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await decide(app, request, request.params.id, { status: 'verified' })),
  );

  app.post(
    '/api/admin/doctor-verifications/:id/reject',
    { schema: { params: idParams, body: RejectDoctorSchema }, config: { access: { admin: 'manager' } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await decide(app, request, request.params.id, { status: 'rejected', reason: request.body.reason })),
  );
};
export default adminDoctors;
