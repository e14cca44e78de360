/** Stories: the author's own (write, submit, publish, archive), the public list and page, words of support. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/stories.ts';
import {
  archiveStory,
  createStory,
  editStory,
  setPublishConsent,
  setStoryAudience,
  submitStory,
} from '../../commands/stories.ts';
import { setMutedContentNotes } from '../../commands/content-notes.ts';
import { hideReply, postSupport, reportReply, restoreReply, thankReply } from '../../commands/support.ts';
import { doctorProfileOf } from '../../db/queries/doctors.ts';
import {
  findOwnStory,
  findPublicStory,
  mutedContentNotes,
  ownStories,
  publicStoriesPage,
} from '../../db/queries/stories.ts';
import { supportReplies } from '../../db/queries/support.ts';
import {
  presentOwnStory,
  presentPublicStory,
  presentPublicStorySummary,
  presentSupportReply,
} from '../../presenters/story.ts';
import { supportPolicy } from '../../policies/support.ts';
import { storyReadPolicy } from '../../policies/stories.ts';
import { byAccount } from '../../plugins/rate-limit.ts';
import { route } from '../endpoint.ts';

const noStore = { 'cache-control': 'no-store' };
/** Writing stories is limited per account (not per address): a new address buys no more. */
export const STORY_CREATE_LIMIT = { max: 20, timeWindow: '1 hour', keyGenerator: byAccount };
export const STORY_EDIT_LIMIT = { max: 60, timeWindow: '1 hour', keyGenerator: byAccount };
export const STORY_SUBMIT_LIMIT = { max: 10, timeWindow: '1 hour', keyGenerator: byAccount };

const storyRoutes: FastifyPluginAsyncZod = async (app) => {
  // --- The author's own stories -------------------------------------------------------------

  route(app, endpoints.myStories, {}, async (request, reply, { me, viewer }) => {
    const rows = await ownStories(app.db, me.id);
    return reply.headers(noStore).send(rows.map((row) => presentOwnStory(row, viewer)));
  });

  route(
    app,
    endpoints.createStory,
    { config: { rateLimit: STORY_CREATE_LIMIT } },
    async (request, reply, { me, viewer }) => {
      const story = await request.run(createStory, me.id, request.body, null);
      return reply.status(201).headers(noStore).send(presentOwnStory(story, viewer));
    },
  );

  route(app, endpoints.myStory, {}, async (request, reply, { me, viewer }) => {
    const row = await findOwnStory(app.db, me.id, request.params.id);
    return reply.headers(noStore).send(presentOwnStory(row, viewer));
  });

  route(app, endpoints.editStory, { config: { rateLimit: STORY_EDIT_LIMIT } }, async (request, reply, { viewer }) => {
    const story = await request.run(editStory, viewer, request.params.id, request.body);
    return reply.headers(noStore).send(presentOwnStory(story, viewer));
  });

  route(
    app,
    endpoints.submitStory,
    { config: { rateLimit: STORY_SUBMIT_LIMIT } },
    async (request, reply, { viewer }) => {
      const story = await request.run(submitStory, viewer, request.params.id);
      return reply.headers(noStore).send(presentOwnStory(story, viewer));
    },
  );

  route(app, endpoints.archiveStory, {}, async (request, reply, { viewer }) => {
    const story = await request.run(archiveStory, viewer, request.params.id);
    return reply.headers(noStore).send(presentOwnStory(story, viewer));
  });

  route(app, endpoints.setPublishConsent, {}, async (request, reply, { viewer }) => {
    const story = await request.run(setPublishConsent, viewer, request.params.id, request.body.publishConsent);
    return reply.headers(noStore).send(presentOwnStory(story, viewer));
  });

  route(app, endpoints.setStoryAudience, {}, async (request, reply, { viewer }) => {
    const story = await request.run(setStoryAudience, viewer, request.params.id, request.body.audience);
    return reply.headers(noStore).send(presentOwnStory(story, viewer));
  });

  // --- The topics a member mutes ------------------------------------------------------------

  route(app, endpoints.mutedContentNotes, {}, async (request, reply, { me }) =>
    reply.headers(noStore).send({ muted: await mutedContentNotes(app.db, me.id) }),
  );

  route(app, endpoints.setMutedContentNotes, {}, async (request, reply, { me }) => {
    await request.run(setMutedContentNotes, me.id, request.body.muted);
    return reply.headers(noStore).send({ muted: await mutedContentNotes(app.db, me.id) });
  });

  // --- Public -------------------------------------------------------------------------------

  // What a signed-in member reads differs from an outsider's answer (members-only stories, her muted topics): such
  // answers are private, and a shared cache never keeps one for another reader.
  const readerCache = (viewer: unknown) => (viewer ? 'private, no-cache' : 'no-cache');

  route(app, endpoints.publicStories, {}, async (request, reply, { me, viewer }) => {
    const muted = me ? await mutedContentNotes(app.db, me.id) : [];
    const page = await publicStoriesPage(app.db, { ...request.query, muted }, (r) =>
      presentPublicStorySummary(r.story, r, r.supportCount, viewer),
    );
    return reply.header('cache-control', readerCache(viewer)).send(page);
  });

  route(app, endpoints.publicStory, {}, async (request, reply, { viewer }) => {
    const row = await findPublicStory(app.db, request.params.id);
    const story = await presentPublicStory(row.story, row, row.supportCount, viewer);
    if (row.story.audience === 'link') reply.header('x-robots-tag', 'noindex');
    return reply.header('cache-control', readerCache(viewer)).send(story);
  });

  // --- Words of support ---------------------------------------------------------------------

  route(app, endpoints.support, {}, async (request, reply, { viewer }) => {
    const { story } = await findPublicStory(app.db, request.params.id);
    // The replies are part of a members-only story: an outsider (and its server-rendered page) gets none.
    if (!storyReadPolicy.can(viewer, 'readWhole', story)) return reply.headers(noStore).send([]);
    const facts = { storyAuthorId: story.authorId };
    const rows = await supportReplies(app.db, story.id, supportPolicy.can(viewer, 'seeHidden', facts));
    return reply.headers(noStore).send(rows.map((r) => presentSupportReply(r, viewer, story.authorId)));
  });

  route(
    app,
    endpoints.postSupport,
    { config: { rateLimit: { max: 10, timeWindow: '10 minutes' } } },
    async (request, reply, { me, viewer }) => {
      const created = await request.run(postSupport, me.id, request.params.id, request.body.body);
      const doctor = me.role === 'doctor' ? await doctorProfileOf(app.db, me.id) : undefined;
      return reply
        .status(201)
        .headers(noStore)
        .send(
          presentSupportReply(
            {
              ...created.reply,
              firstName: me.firstName,
              lastName: me.lastName,
              communityName: me.communityName,
              doctorStatus: doctor?.verificationStatus ?? null,
              specialty: doctor?.specialty ?? null,
            },
            viewer,
            created.storyAuthorId,
          ),
        );
    },
  );

  /** The story's author hides a reply on their story; moderators hide any. */
  route(app, endpoints.hideSupport, {}, async (request, reply, { viewer }) => {
    await request.run(hideReply, viewer, request.params.id);
    return reply.status(204).send();
  });

  route(app, endpoints.restoreSupport, {}, async (request, reply) => {
    await request.run(restoreReply, request.params.id);
    return reply.status(204).send();
  });

  route(app, endpoints.thankSupport, {}, async (request, reply, { viewer }) => {
    await request.run(thankReply, viewer, request.params.id);
    return reply.status(204).send();
  });

  route(
    app,
    endpoints.reportSupport,
    { config: { rateLimit: { max: 20, timeWindow: '1 hour' } } },
    async (request, reply, { me }) => {
      await request.run(reportReply, me.id, request.params.id, request.body.reason);
      return reply.status(204).send();
    },
  );
};

export default storyRoutes;
