/** Story moderation (moderator and above): the queue, decisions, history, and reported words of support. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ModerationDecisionSchema, ModerationReasonDecisionSchema } from '#shared/schemas/stories.ts';
import { PageQuerySchema, pageParam } from '#shared/schemas/paging.ts';
import { decideStory } from '../../commands/stories.ts';
import { resolveReport } from '../../commands/support.ts';
import { moderationPage, storyHistory } from '../../db/queries/stories.ts';
import { openReportsPage } from '../../db/queries/support.ts';
import { presentHistoryEntry, presentModeratedStory, presentOpenReport } from '../../presenters/story.ts';

const moderator = { admin: 'moderator' } as const;
const idParams = z.object({ id: z.uuid('Not a valid id') });

const adminStories: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/stories',
    {
      schema: {
        querystring: z.strictObject({
          status: z.enum(['pending', 'approved', 'rejected', 'hidden'], { error: 'Unknown status' }).default('pending'),
          page: pageParam,
        }),
      },
      config: { access: moderator },
    },
    async (request, reply) => {
      const page = await moderationPage(app.db, request.query, (r) => presentModeratedStory(r.story, r));
      return reply.header('cache-control', 'no-store').send(page);
    },
  );

  for (const decision of ['approve', 'restore'] as const) {
    app.post(
      `/api/admin/stories/:id/${decision}`,
      { schema: { params: idParams, body: ModerationDecisionSchema }, config: { access: moderator } },
      async (request, reply) => {
        const input = { version: request.body.version, reason: null };
        const story = await request.run(decideStory, request.params.id, decision, input);
        return reply.send({ id: story.id, status: story.status });
      },
    );
  }
  for (const decision of ['reject', 'hide'] as const) {
    app.post(
      `/api/admin/stories/:id/${decision}`,
      { schema: { params: idParams, body: ModerationReasonDecisionSchema }, config: { access: moderator } },
      async (request, reply) => {
        const story = await request.run(decideStory, request.params.id, decision, request.body);
        return reply.send({ id: story.id, status: story.status });
      },
    );
  }

  app.get(
    '/api/admin/stories/:id/history',
    { schema: { params: idParams }, config: { access: moderator } },
    async (request, reply) => {
      const rows = await storyHistory(app.db, request.params.id);
      return reply.header('cache-control', 'no-store').send(rows.map(presentHistoryEntry));
    },
  );

  app.get(
    '/api/admin/support-reports',
    { schema: { querystring: PageQuerySchema }, config: { access: moderator } },
    async (request, reply) => {
      const page = await openReportsPage(app.db, request.query.page, presentOpenReport);
      return reply.header('cache-control', 'no-store').send(page);
    },
  );

  app.post(
    '/api/admin/support-reports/:id/resolve',
    {
      schema: {
        params: idParams,
        body: z.strictObject({ resolution: z.enum(['hidden', 'kept'], { error: 'Choose hidden or kept' }) }),
      },
      config: { access: moderator },
    },
    async (request, reply) => {
      await request.run(resolveReport, request.params.id, request.body.resolution);
      return reply.status(204).send();
    },
  );
};
export default adminStories;
