/** Stories: the author's own (write, submit, publish, archive), the public list and page, words of support. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { and, arrayContains, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import {
  PublicStoriesQuerySchema,
  PublishConsentSchema,
  ReportReplySchema,
  STORIES_PAGE_SIZE,
  StoryDraftSchema,
  SupportReplySchema,
} from '#shared/schemas/stories.ts';
import type { Db } from '../../db/client.ts';
import { commentReports, doctorProfiles, stories, storyComments, users } from '../../db/schema/index.ts';
import {
  archiveStory,
  createStory,
  editStory,
  isPublicStory,
  setPublishConsent,
  storyIsPublic,
  submitStory,
} from '../../commands/stories.ts';
import {
  presentOwnStory,
  presentPublicStory,
  presentSupportReply,
  type SupportRowView,
} from '../../presenters/story.ts';
import { isAdmin, requireUser } from '../../plugins/auth.ts';
import { adminsAtLeast, mailImportant, notify } from '../../services/notifications.ts';
import { audit } from '../../services/audit.ts';
import { byAccount } from '../../plugins/rate-limit.ts';

const idParams = z.object({ id: z.uuid('Not a valid id') });
const noStore = { 'cache-control': 'no-store' };
/** Writing stories is limited per account (not per address): a new address buys no more. */
export const STORY_CREATE_LIMIT = { max: 20, timeWindow: '1 hour', keyGenerator: byAccount };
export const STORY_EDIT_LIMIT = { max: 60, timeWindow: '1 hour', keyGenerator: byAccount };
export const STORY_SUBMIT_LIMIT = { max: 10, timeWindow: '1 hour', keyGenerator: byAccount };

const isModerator = (request: FastifyRequest) => isAdmin(request, 'moderator');

/** Words of support that are not hidden, per story. */
const visibleSupportCount = sql<number>`(select count(*)::int from ${storyComments} where ${storyComments.storyId} = ${stories.id} and ${storyComments.hiddenAt} is null)`;

async function findPublicStory(db: Db, id: string) {
  const [row] = await db
    .select({ story: stories, firstName: users.firstName, lastName: users.lastName, supportCount: visibleSupportCount })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(and(eq(stories.id, id), isPublicStory));
  if (!row) throw new AppError('NOT_FOUND', 'No such story');
  return row;
}

/** A reply and the story it belongs to, for the actions on it. */
async function findReply(db: Db, id: string) {
  const [row] = await db
    .select({ reply: storyComments, story: stories })
    .from(storyComments)
    .innerJoin(stories, eq(stories.id, storyComments.storyId))
    .where(eq(storyComments.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'No such reply');
  return row;
}

const storyRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.clock.now();

  // --- The author's own stories -------------------------------------------------------------

  app.get('/api/my/stories', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    const rows = await app.db
      .select()
      .from(stories)
      .where(eq(stories.authorId, me.id))
      .orderBy(desc(stories.updatedAt));
    return reply.headers(noStore).send(rows.map(presentOwnStory));
  });

  app.post(
    '/api/my/stories',
    { schema: { body: StoryDraftSchema }, config: { access: { role: 'patient' }, rateLimit: STORY_CREATE_LIMIT } },
    async (request, reply) => {
      const me = requireUser(request);
      const story = await createStory(app.db, me.id, request.body, null, now());
      return reply.status(201).headers(noStore).send(presentOwnStory(story));
    },
  );

  app.get(
    '/api/my/stories/:id',
    { schema: { params: idParams }, config: { access: 'user' } },
    async (request, reply) => {
      const me = requireUser(request);
      const [row] = await app.db
        .select()
        .from(stories)
        .where(and(eq(stories.id, request.params.id), eq(stories.authorId, me.id)));
      if (!row) throw new AppError('NOT_FOUND', 'No such story');
      return reply.headers(noStore).send(presentOwnStory(row));
    },
  );

  app.patch(
    '/api/my/stories/:id',
    { schema: { params: idParams, body: StoryDraftSchema }, config: { access: 'user', rateLimit: STORY_EDIT_LIMIT } },
    async (request, reply) => {
      const story = await editStory(app.db, requireUser(request).id, request.params.id, request.body, now());
      return reply.headers(noStore).send(presentOwnStory(story));
    },
  );

  app.post(
    '/api/my/stories/:id/submit',
    { schema: { params: idParams }, config: { access: 'user', rateLimit: STORY_SUBMIT_LIMIT } },
    async (request, reply) => {
      const story = await submitStory(app.db, requireUser(request).id, request.params.id, now());
      return reply.headers(noStore).send(presentOwnStory(story));
    },
  );

  app.post(
    '/api/my/stories/:id/archive',
    { schema: { params: idParams }, config: { access: 'user' } },
    async (request, reply) => {
      const story = await archiveStory(app.db, requireUser(request).id, request.params.id, now());
      return reply.headers(noStore).send(presentOwnStory(story));
    },
  );

  app.post(
    '/api/my/stories/:id/consent',
    { schema: { params: idParams, body: PublishConsentSchema }, config: { access: 'user' } },
    async (request, reply) => {
      const story = await setPublishConsent(
        app.db,
        requireUser(request).id,
        request.params.id,
        request.body.publishConsent,
        now(),
      );
      return reply.headers(noStore).send(presentOwnStory(story));
    },
  );

  // --- Public -------------------------------------------------------------------------------

  app.get(
    '/api/stories',
    { schema: { querystring: PublicStoriesQuerySchema }, config: { access: 'public' } },
    async (request, reply) => {
      const { page, tag } = request.query;
      const where = tag ? and(isPublicStory, arrayContains(stories.publishedTags, [tag])) : isPublicStory;
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            story: stories,
            firstName: users.firstName,
            lastName: users.lastName,
            supportCount: visibleSupportCount,
          })
          .from(stories)
          .innerJoin(users, eq(users.id, stories.authorId))
          .where(where)
          .orderBy(desc(stories.publishedAt))
          .limit(STORIES_PAGE_SIZE)
          .offset((page - 1) * STORIES_PAGE_SIZE),
        app.db.select({ n: count() }).from(stories).where(where),
      ]);
      return reply
        .headers({ 'cache-control': 'no-cache', 'x-total-count': String(total?.n ?? 0) })
        .send(rows.map((r) => presentPublicStory(r.story, r, r.supportCount)));
    },
  );

  app.get(
    '/api/stories/:id',
    { schema: { params: idParams }, config: { access: 'public' } },
    async (request, reply) => {
      const row = await findPublicStory(app.db, request.params.id);
      return reply.header('cache-control', 'no-cache').send(presentPublicStory(row.story, row, row.supportCount));
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
      const rows: SupportRowView[] = await app.db
        .select({
          id: storyComments.id,
          body: storyComments.body,
          authorId: storyComments.authorId,
          firstName: users.firstName,
          lastName: users.lastName,
          doctorStatus: doctorProfiles.verificationStatus,
          specialty: doctorProfiles.specialty,
          hiddenAt: storyComments.hiddenAt,
          thankedAt: storyComments.thankedAt,
          createdAt: storyComments.createdAt,
        })
        .from(storyComments)
        .innerJoin(users, eq(users.id, storyComments.authorId))
        .leftJoin(doctorProfiles, and(eq(doctorProfiles.userId, users.id), eq(users.role, 'doctor')))
        .where(
          seesHidden
            ? eq(storyComments.storyId, story.id)
            : and(eq(storyComments.storyId, story.id), isNull(storyComments.hiddenAt)),
        )
        .orderBy(storyComments.createdAt)
        .limit(500);
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
      const { story } = await findPublicStory(app.db, request.params.id);
      const { created, notified } = await app.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [row] = await tx
          .insert(storyComments)
          .values({ storyId: story.id, authorId: me.id, body: request.body.body, createdAt: now() })
          .returning();
        const notices =
          story.authorId === me.id
            ? []
            : await notify(tx, [
                {
                  userId: story.authorId,
                  type: 'story_support',
                  title: `New words of support on "${story.publishedTitle}"`,
                  body: request.body.body.slice(0, 140),
                  link: `/stories/${story.id}`,
                  eventKey: `support:${row!.id}`,
                  important: true,
                },
              ]);
        return { created: row!, notified: notices };
      });
      await mailImportant(app, request, notified);
      const [doctor] =
        me.role === 'doctor' ? await app.db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, me.id)) : [];
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
      const me = requireUser(request);
      const { reply: found, story } = await findReply(app.db, request.params.id);
      const moderator = isModerator(request);
      if (story.authorId !== me.id && !moderator)
        throw new AppError('FORBIDDEN', 'Only the story’s author or a moderator can hide a reply');
      await app.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await tx
          .update(storyComments)
          .set({ hiddenAt: now(), hiddenBy: story.authorId === me.id ? 'author' : 'moderator' })
          .where(eq(storyComments.id, found.id));
        if (story.authorId !== me.id)
          await audit(tx, request, {
            action: 'support.hide',
            targetType: 'support_reply',
            targetId: found.id,
            before: { hidden: found.hiddenAt !== null },
            after: { hidden: true },
          });
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/support/:id/restore',
    { schema: { params: idParams }, config: { access: { admin: 'moderator' } } },
    async (request, reply) => {
      const { reply: found } = await findReply(app.db, request.params.id);
      await app.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await tx.update(storyComments).set({ hiddenAt: null, hiddenBy: null }).where(eq(storyComments.id, found.id));
        await audit(tx, request, {
          action: 'support.restore',
          targetType: 'support_reply',
          targetId: found.id,
          before: { hidden: found.hiddenAt !== null },
          after: { hidden: false },
        });
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/support/:id/thank',
    { schema: { params: idParams }, config: { access: 'user' } },
    async (request, reply) => {
      const me = requireUser(request);
      const { reply: found, story } = await findReply(app.db, request.params.id);
      if (story.authorId !== me.id) throw new AppError('FORBIDDEN', 'Only the story’s author can say thank you');
      await app.db
        .update(storyComments)
        .set({ thankedAt: found.thankedAt ?? now() })
        .where(eq(storyComments.id, found.id));
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
      const me = requireUser(request);
      const { reply: found, story } = await findReply(app.db, request.params.id);
      if (!storyIsPublic(story)) throw new AppError('NOT_FOUND', 'No such reply');
      await app.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        // One report per person per reply: reporting again changes nothing.
        const [report] = await tx
          .insert(commentReports)
          .values({ commentId: found.id, reporterId: me.id, reason: request.body.reason })
          .onConflictDoNothing()
          .returning();
        if (!report) return;
        const moderators = await adminsAtLeast(tx, 'moderator');
        await notify(
          tx,
          moderators.map((userId) => ({
            userId,
            type: 'admin_queue',
            title: 'A word of support was reported',
            body: request.body.reason,
            link: '/admin-stories',
            eventKey: `report:${report.id}`,
          })),
        );
      });
      return reply.status(204).send();
    },
  );
};

export default storyRoutes;
