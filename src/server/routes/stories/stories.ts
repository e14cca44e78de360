/** Stories: the author's own (write, submit, publish, archive), the public list and page, words of support. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PublicStoriesQuerySchema,
  PublishConsentSchema,
  ReportReplySchema,
  StoryDraftSchema,
  SupportReplySchema,
} from '#shared/schemas/stories.ts';
import { archiveStory, createStory, editStory, setPublishConsent, submitStory } from '../../commands/stories.ts';
import { hideReply, postSupport, reportReply, restoreReply, thankReply } from '../../commands/support.ts';
import { doctorProfileOf } from '../../db/queries/doctors.ts';
import { findOwnStory, findPublicStory, ownStories, publicStoriesPage } from '../../db/queries/stories.ts';
import { supportReplies } from '../../db/queries/support.ts';
import {
  presentOwnStory,
  presentPublicStory,
  presentPublicStorySummary,
  presentSupportReply,
} from '../../presenters/story.ts';
import { isAdmin, requireUser } from '../../plugins/auth.ts';
import { byAccount } from '../../plugins/rate-limit.ts';

const idParams = z.object({ id: z.uuid('Not a valid id') });
const noStore = { 'cache-control': 'no-store' };
/** Writing stories is limited per account (not per address): a new address buys no more. */
export const STORY_CREATE_LIMIT = { max: 20, timeWindow: '1 hour', keyGenerator: byAccount };
export const STORY_EDIT_LIMIT = { max: 60, timeWindow: '1 hour', keyGenerator: byAccount };
export const STORY_SUBMIT_LIMIT = { max: 10, timeWindow: '1 hour', keyGenerator: byAccount };

const isModerator = (request: FastifyRequest) => isAdmin(request, 'moderator');

const storyRoutes: FastifyPluginAsyncZod = async (app) => {
  // --- The author's own stories -------------------------------------------------------------

  app.get('/api/my/stories', { config: { access: 'user' } }, async (request, reply) => {
    const rows = await ownStories(app.db, requireUser(request).id);
    return reply.headers(noStore).send(rows.map(presentOwnStory));
  });

  app.post(
    '/api/my/stories',
    { schema: { body: StoryDraftSchema }, config: { access: { role: 'patient' }, rateLimit: STORY_CREATE_LIMIT } },
    async (request, reply) => {
      const story = await request.run(createStory, requireUser(request).id, request.body, null);
      return reply.status(201).headers(noStore).send(presentOwnStory(story));
    },
  );

  app.get(
    '/api/my/stories/:id',
    { schema: { params: idParams }, config: { access: 'user' } },
    async (request, reply) => {
      const row = await findOwnStory(app.db, requireUser(request).id, request.params.id);
      return reply.headers(noStore).send(presentOwnStory(row));
    },
  );

  app.patch(
    '/api/my/stories/:id',
    { schema: { params: idParams, body: StoryDraftSchema }, config: { access: 'user', rateLimit: STORY_EDIT_LIMIT } },
    async (request, reply) => {
      const story = await request.run(editStory, requireUser(request).id, request.params.id, request.body);
      return reply.headers(noStore).send(presentOwnStory(story));
    },
  );

  app.post(
    '/api/my/stories/:id/submit',
    { schema: { params: idParams }, config: { access: 'user', rateLimit: STORY_SUBMIT_LIMIT } },
    async (request, reply) => {
      const story = await request.run(submitStory, requireUser(request).id, request.params.id);
      return reply.headers(noStore).send(presentOwnStory(story));
    },
  );

  app.post(
    '/api/my/stories/:id/archive',
    { schema: { params: idParams }, config: { access: 'user' } },
    async (request, reply) => {
      const story = await request.run(archiveStory, requireUser(request).id, request.params.id);
      return reply.headers(noStore).send(presentOwnStory(story));
    },
  );

  app.post(
    '/api/my/stories/:id/consent',
    { schema: { params: idParams, body: PublishConsentSchema }, config: { access: 'user' } },
    async (request, reply) => {
      const story = await request.run(
        setPublishConsent,
        requireUser(request).id,
        request.params.id,
        request.body.publishConsent,
      );
      return reply.headers(noStore).send(presentOwnStory(story));
    },
  );

  // --- Public -------------------------------------------------------------------------------

  app.get(
    '/api/stories',
    { schema: { querystring: PublicStoriesQuerySchema }, config: { access: 'public' } },
    async (request, reply) => {
      const page = await publicStoriesPage(app.db, request.query, (r) =>
        presentPublicStorySummary(r.story, r, r.supportCount),
      );
      return reply.header('cache-control', 'no-cache').send(page);
    },
  );

  app.get(
    '/api/stories/:id',
    { schema: { params: idParams }, config: { access: 'public' } },
    async (request, reply) => {
      const row = await findPublicStory(app.db, request.params.id);
      return reply.header('cache-control', 'no-cache').send(await presentPublicStory(row.story, row, row.supportCount));
    },
  );

  // --- Words of support ---------------------------------------------------------------------

  app.get(
    '/api/stories/:id/support',
    { schema: { params: idParams }, config: { access: 'public' } },
    async (request, reply) => {
      const { story } = await findPublicStory(app.db, request.params.id);
      // The story's author and moderators also see hidden replies (marked), to restore or review them.
      const seesHidden = request.user?.id === story.authorId || isModerator(request);
      const rows = await supportReplies(app.db, story.id, seesHidden);
      return reply.headers(noStore).send(rows.map((r) => presentSupportReply(r, request.user?.id ?? null)));
    },
  );

  app.post(
    '/api/stories/:id/support',
    {
      schema: { params: idParams, body: SupportReplySchema },
      config: { access: 'user', rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const created = await request.run(postSupport, me.id, request.params.id, request.body.body);
      const doctor = me.role === 'doctor' ? await doctorProfileOf(app.db, me.id) : undefined;
      return reply
        .status(201)
        .headers(noStore)
        .send(
          presentSupportReply(
            {
              ...created,
              firstName: me.firstName,
              lastName: me.lastName,
              doctorStatus: doctor?.verificationStatus ?? null,
              specialty: doctor?.specialty ?? null,
            },
            me.id,
          ),
        );
    },
  );

  /** The story's author hides a reply on their story; moderators hide any. */
  app.post(
    '/api/support/:id/hide',
    { schema: { params: idParams }, config: { access: 'user' } },
    async (request, reply) => {
      requireUser(request);
      await request.run(hideReply, request.params.id, isModerator(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/support/:id/restore',
    { schema: { params: idParams }, config: { access: { admin: 'moderator' } } },
    async (request, reply) => {
      await request.run(restoreReply, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/support/:id/thank',
    { schema: { params: idParams }, config: { access: 'user' } },
    async (request, reply) => {
      requireUser(request);
      await request.run(thankReply, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/support/:id/report',
    {
      schema: { params: idParams, body: ReportReplySchema },
      config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      await request.run(reportReply, requireUser(request).id, request.params.id, request.body.reason);
      return reply.status(204).send();
    },
  );
};

export default storyRoutes;
