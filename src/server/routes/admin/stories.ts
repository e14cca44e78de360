/** Story moderation (moderator and above): the queue, decisions, history, and reported words of support. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/stories.ts';
import { decideStory } from '../../commands/stories.ts';
import { resolveReport } from '../../commands/support.ts';
import { moderationPage, storyHistory } from '../../db/queries/stories.ts';
import { openReportsPage } from '../../db/queries/support.ts';
import { presentHistoryEntry, presentModeratedStory, presentOpenReport } from '../../presenters/story.ts';
import { route, type EndpointHandler } from '../endpoint.ts';

const adminStories: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.moderatedStories, {}, async (request, reply, { viewer }) => {
    const page = await moderationPage(app.db, request.query, (r) => presentModeratedStory(r.story, r, viewer));
    return reply.header('cache-control', 'no-store').send(page);
  });

  // Approving or restoring names the version read; rejecting or hiding adds the reason the author reads.
  const decide =
    (decision: 'approve' | 'restore'): EndpointHandler<typeof endpoints.approveStory.declaration> =>
    async (request, reply, { viewer }) => {
      const input = { version: request.body.version, reason: null };
      const story = await request.run(decideStory, viewer, request.params.id, decision, input);
      return reply.send({ id: story.id, status: story.status });
    };
  const decideWithReason =
    (decision: 'reject' | 'hide'): EndpointHandler<typeof endpoints.rejectStory.declaration> =>
    async (request, reply, { viewer }) => {
      const story = await request.run(decideStory, viewer, request.params.id, decision, request.body);
      return reply.send({ id: story.id, status: story.status });
    };
  route(app, endpoints.approveStory, {}, decide('approve'));
  route(app, endpoints.restoreStory, {}, decide('restore'));
  route(app, endpoints.rejectStory, {}, decideWithReason('reject'));
  route(app, endpoints.hideStory, {}, decideWithReason('hide'));

  route(app, endpoints.storyHistory, {}, async (request, reply) => {
    const rows = await storyHistory(app.db, request.params.id);
    return reply.header('cache-control', 'no-store').send(rows.map(presentHistoryEntry));
  });

  route(app, endpoints.supportReports, {}, async (request, reply) => {
    const page = await openReportsPage(app.db, request.query.page, presentOpenReport);
    return reply.header('cache-control', 'no-store').send(page);
  });

  route(app, endpoints.resolveSupportReport, {}, async (request, reply) => {
    await request.run(resolveReport, request.params.id, request.body.resolution);
    return reply.status(204).send();
  });
};
export default adminStories;
