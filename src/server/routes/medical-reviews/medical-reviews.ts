/**
 * Medical review of a patient's fundraiser (decision 009): the patient asks a verified doctor and so grants her the
 * application, or takes it back; the doctor lists her requests, reads a granted application and decides.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#shared/errors.ts';
import type { FastifyRequest } from 'fastify';
import * as endpoints from '#shared/contract/medical-reviews.ts';
import { DOCTOR_MEDICAL_REVIEWS_PAGE_SIZE } from '#shared/schemas/medical-reviews.ts';
import {
  decideMedicalReview,
  requestMedicalReview,
  revokeMedicalReview,
  type MedicalReviewDecision,
} from '../../commands/medical-reviews.ts';
import { findListedDoctor } from '../../db/queries/doctors.ts';
import { ownFundraiser } from '../../db/queries/fundraisers.ts';
import {
  doctorMedicalReview,
  doctorMedicalReviewsPage,
  grantedApplication,
  latestMedicalReview,
} from '../../db/queries/medical-reviews.ts';
import type { Db } from '../../db/client.ts';
import {
  presentDoctorMedicalReviewItem,
  presentMedicalReviewApplication,
  presentMyMedicalReview,
} from '../../presenters/medical-review.ts';
import { byAccount } from '../../plugins/rate-limit.ts';
import { medicalReviewPolicy } from '../../policies/medical-reviews.ts';
import type { Viewer } from '../../policies/viewer.ts';
import type { UserRow } from '../../services/sessions.ts';
import { route } from '../endpoint.ts';

const noStore = { 'cache-control': 'no-store' };
/** Per account: asking, cancelling and deciding are rare; a loop of them is not a person. */
export const MEDICAL_REVIEW_WRITE_LIMIT = { max: 30, timeWindow: '1 hour', keyGenerator: byAccount };

/**
 * Whether the directory lists her (verified, active): only then does a grant to her stand. Her reads answer as if
 * nothing were shared with her otherwise (an empty list, 404), as the dashboard shows an unverified doctor no
 * stories; her decisions are refused with 403 (commands/medical-reviews.ts).
 */
async function isListed(db: Db, doctorId: string): Promise<boolean> {
  return (await findListedDoctor(db, doctorId)) !== undefined;
}

/** The latest request about her fundraiser (open, or the last one ended), or null. */
async function myReview(db: Db, ownerId: string) {
  const fundraiser = await ownFundraiser(db, ownerId);
  const row = fundraiser && (await latestMedicalReview(db, fundraiser.id));
  return { review: row ? presentMyMedicalReview(row) : null };
}

const medicalReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const writes = { config: { rateLimit: MEDICAL_REVIEW_WRITE_LIMIT } };

  route(app, endpoints.mine, {}, async (request, reply, { me }) => {
    return reply.headers(noStore).send(await myReview(app.db, me.id));
  });

  route(app, endpoints.request, writes, async (request, reply, { me }) => {
    const { created } = await request.run(requestMedicalReview, me, request.body.doctorId);
    return reply
      .status(created ? 201 : 200)
      .headers(noStore)
      .send(await myReview(app.db, me.id));
  });

  route(app, endpoints.revoke, writes, async (request, reply, { me }) => {
    await request.run(revokeMedicalReview, me);
    return reply.headers(noStore).send(await myReview(app.db, me.id));
  });

  route(app, endpoints.requests, {}, async (request, reply, { me }) => {
    const { page } = request.query;
    const answer = (await isListed(app.db, me.id))
      ? await doctorMedicalReviewsPage(app.db, me.id, page, presentDoctorMedicalReviewItem)
      : { items: [], page, pageSize: DOCTOR_MEDICAL_REVIEWS_PAGE_SIZE, total: 0 };
    return reply.headers(noStore).send(answer);
  });

  route(app, endpoints.application, {}, async (request, reply, { me, viewer }) => {
    const row = (await isListed(app.db, me.id)) && (await grantedApplication(app.db, me.id, request.params.id));
    // Not hers, the grant ended, or she is no longer listed: she learns nothing of the application.
    if (!row) throw new AppError('NOT_FOUND', 'No such review request, or the patient no longer shares it');
    medicalReviewPolicy.authorize(viewer, 'review', { doctorListed: true, fundraiserOwnerId: row.fundraiser.ownerId });
    return reply.headers(noStore).send(presentMedicalReviewApplication(row));
  });

  /** The doctor's decision on request `id`, answered with the request as it now stands. */
  async function decide(
    request: FastifyRequest,
    me: UserRow,
    viewer: Viewer,
    id: string,
    decision: MedicalReviewDecision,
    input: { note: string; planVersion: number },
  ) {
    await request.run(decideMedicalReview, app.config.publicUrl, viewer, me, id, decision, input);
    const row = await doctorMedicalReview(app.db, me.id, id);
    return presentDoctorMedicalReviewItem({ ...row!, title: row!.fundraiser.title });
  }
  route(app, endpoints.attest, writes, async (request, reply, { me, viewer }) =>
    reply.headers(noStore).send(await decide(request, me, viewer, request.params.id, 'attest', request.body)),
  );
  route(app, endpoints.decline, writes, async (request, reply, { me, viewer }) =>
    reply.headers(noStore).send(await decide(request, me, viewer, request.params.id, 'decline', request.body)),
  );
};
export default medicalReviewRoutes;
