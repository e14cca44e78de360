/** The public doctor directory and profile pages (verified doctors only), and a doctor's own dashboard. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#shared/errors.ts';
import * as endpoints from '#shared/contract/doctors.ts';
import { DASHBOARD_STORIES_PAGE_SIZE } from '#shared/schemas/doctors.ts';
import {
  askingStoriesPage,
  directoryPage,
  doctorProfileOf,
  findListedDoctor,
  replyCounts,
} from '../../db/queries/doctors.ts';
import { presentDoctorDashboard, presentInputRequestStory, presentPublicDoctor } from '../../presenters/doctor.ts';
import { route } from '../endpoint.ts';

const doctorRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.directory, {}, async (request, reply) => {
    const page = await directoryPage(app.db, request.query, (r) => presentPublicDoctor(r.profile, r));
    return reply.header('cache-control', 'no-cache').send(page);
  });

  route(app, endpoints.doctor, {}, async (request, reply) => {
    const row = await findListedDoctor(app.db, request.params.id);
    if (!row) throw new AppError('NOT_FOUND', 'No verified doctor has this id');
    return reply.header('cache-control', 'no-cache').send(presentPublicDoctor(row.profile, row));
  });

  route(app, endpoints.dashboard, {}, async (request, reply, { me }) => {
    const { page } = request.query;
    const [profile, counts] = await Promise.all([doctorProfileOf(app.db, me.id), replyCounts(app.db, me.id)]);
    // Only a verified doctor is shown the stories asking for professional input.
    const stories =
      profile?.verificationStatus === 'verified'
        ? await askingStoriesPage(app.db, me.id, page, presentInputRequestStory)
        : { items: [], page, pageSize: DASHBOARD_STORIES_PAGE_SIZE, total: 0 };
    return reply.header('cache-control', 'no-store').send(presentDoctorDashboard(profile, stories, counts));
  });
};
export default doctorRoutes;
