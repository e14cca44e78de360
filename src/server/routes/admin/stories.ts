/** Story moderation (moderator and above): the queue, decisions, history, and reported words of support. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import { ModerationReasonSchema } from '#shared/schemas/stories.ts';
import type { Db } from '../../db/client.ts';
import { commentReports, stories, storyComments, storyEvents, users } from '../../db/schema/index.ts';
import { decideStory } from '../../commands/stories.ts';
import { presentModeratedStory } from '../../presenters/story.ts';
import { audit } from '../../services/audit.ts';
import { mailImportant, notify } from '../../services/notifications.ts';

const moderator = { admin: 'moderator' } as const;
const replyAuthor = alias(users, 'reply_author');
const idParams = z.object({ id: z.uuid('Not a valid id') });
const pageQuery = z.coerce
  .number({ error: 'page must be a whole number' })
  .int('page must be a whole number')
  .min(1)
  .max(100_000)
  .default(1);

const TABS = {
  pending: { where: eq(stories.status, 'pending'), order: asc(stories.submittedAt) },
  approved: { where: and(isNotNull(stories.publishedAt), isNull(stories.hiddenAt)), order: desc(stories.publishedAt) },
  rejected: { where: eq(stories.status, 'rejected'), order: desc(stories.updatedAt) },
  hidden: { where: isNotNull(stories.hiddenAt), order: desc(stories.hiddenAt) },
} satisfies Record<string, { where: SQL | undefined; order: SQL }>;

const adminStories: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/stories',
    {
      schema: {
        querystring: z.strictObject({
          status: z.enum(['pending', 'approved', 'rejected', 'hidden'], { error: 'Unknown status' }).default('pending'),
          page: pageQuery,
        }),
      },
      config: { access: moderator },
    },
    async (request, reply) => {
      const { where, order } = TABS[request.query.status];
      const [rows, [total]] = await Promise.all([
        app.db
          .select({ story: stories, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(stories)
          .innerJoin(users, eq(users.id, stories.authorId))
          .where(where)
          .orderBy(order)
          .limit(ADMIN_LIST_PAGE_SIZE)
          .offset((request.query.page - 1) * ADMIN_LIST_PAGE_SIZE),
        app.db.select({ n: count() }).from(stories).where(where),
      ]);
      return reply
        .headers({ 'cache-control': 'no-store', 'x-total-count': String(total?.n ?? 0) })
        .send(rows.map((r) => presentModeratedStory(r.story, r)));
    },
  );

  for (const decision of ['approve', 'restore'] as const) {
    app.post(
      `/api/admin/stories/:id/${decision}`,
      { schema: { params: idParams }, config: { access: moderator } },
      async (request, reply) => {
        const { story, notified } = await decideStory(
          app.db,
          request,
          request.params.id,
          decision,
          null,
          app.clock.now(),
        );
        await mailImportant(app, request, notified);
        return reply.send({ id: story.id, status: story.status });
      },
    );
  }
  for (const decision of ['reject', 'hide'] as const) {
    app.post(
      `/api/admin/stories/:id/${decision}`,
      { schema: { params: idParams, body: ModerationReasonSchema }, config: { access: moderator } },
      async (request, reply) => {
        const { story, notified } = await decideStory(
          app.db,
          request,
          request.params.id,
          decision,
          request.body.reason,
          app.clock.now(),
        );
        await mailImportant(app, request, notified);
        return reply.send({ id: story.id, status: story.status });
      },
    );
  }

  app.get(
    '/api/admin/stories/:id/history',
    { schema: { params: idParams }, config: { access: moderator } },
    async (request, reply) => {
      const rows = await app.db
        .select({
          action: storyEvents.action,
          reason: storyEvents.reason,
          createdAt: storyEvents.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(storyEvents)
        .leftJoin(users, eq(users.id, storyEvents.actorId))
        .where(eq(storyEvents.storyId, request.params.id))
        .orderBy(asc(storyEvents.createdAt));
      return reply.header('cache-control', 'no-store').send(
        rows.map((r) => ({
          action: r.action,
          reason: r.reason,
          actorName: r.firstName ? `${r.firstName} ${r.lastName}` : 'Deleted account',
          createdAt: r.createdAt.toISOString(),
        })),
      );
    },
  );

  app.get(
    '/api/admin/support-reports',
    { schema: { querystring: z.strictObject({ page: pageQuery }) }, config: { access: moderator } },
    async (request, reply) => {
      const open = isNull(commentReports.resolvedAt);
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            report: commentReports,
            reply: storyComments,
            storyTitle: stories.publishedTitle,
            reporterFirst: users.firstName,
            reporterLast: users.lastName,
            authorFirst: replyAuthor.firstName,
            authorLast: replyAuthor.lastName,
          })
          .from(commentReports)
          .innerJoin(storyComments, eq(storyComments.id, commentReports.commentId))
          .innerJoin(stories, eq(stories.id, storyComments.storyId))
          .innerJoin(users, eq(users.id, commentReports.reporterId))
          .innerJoin(replyAuthor, eq(replyAuthor.id, storyComments.authorId))
          .where(open)
          .orderBy(asc(commentReports.createdAt))
          .limit(ADMIN_LIST_PAGE_SIZE)
          .offset((request.query.page - 1) * ADMIN_LIST_PAGE_SIZE),
        app.db.select({ n: count() }).from(commentReports).where(open),
      ]);
      return reply.headers({ 'cache-control': 'no-store', 'x-total-count': String(total?.n ?? 0) }).send(
        rows.map((r) => ({
          id: r.report.id,
          reason: r.report.reason,
          createdAt: r.report.createdAt.toISOString(),
          reporterName: `${r.reporterFirst} ${r.reporterLast}`,
          reply: {
            id: r.reply.id,
            body: r.reply.body,
            authorName: `${r.authorFirst} ${r.authorLast}`,
            hidden: r.reply.hiddenAt !== null,
          },
          storyId: r.reply.storyId,
          storyTitle: r.storyTitle ?? '',
        })),
      );
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
      const now = app.clock.now();
      const notified = await app.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [report] = await tx
          .select()
          .from(commentReports)
          .where(eq(commentReports.id, request.params.id))
          .for('update');
        if (!report) throw new AppError('NOT_FOUND', 'No such report');
        if (report.resolvedAt) throw new AppError('CONFLICT', 'This report is already resolved');
        // Every open report of the same reply is settled by the one decision.
        const settled = await tx
          .update(commentReports)
          .set({ resolution: request.body.resolution, resolvedAt: now, resolvedBy: request.user!.id })
          .where(and(eq(commentReports.commentId, report.commentId), isNull(commentReports.resolvedAt)))
          .returning();
        if (request.body.resolution === 'hidden') {
          await tx
            .update(storyComments)
            .set({ hiddenAt: now, hiddenBy: 'moderator' })
            .where(eq(storyComments.id, report.commentId));
        }
        await audit(tx, request, {
          action: 'report.resolve',
          targetType: 'support_report',
          targetId: report.id,
          after: { resolution: request.body.resolution, reports: settled.length },
        });
        const outcome =
          request.body.resolution === 'hidden'
            ? 'The reply was hidden.'
            : 'A moderator reviewed the reply and kept it.';
        return notify(
          tx,
          settled.map((r) => ({
            userId: r.reporterId,
            type: 'report_resolved',
            title: 'Your report was reviewed',
            body: outcome,
            link: null,
            eventKey: `report:${r.id}:resolved`,
          })),
        );
      });
      await mailImportant(app, request, notified);
      return reply.status(204).send();
    },
  );
};
export default adminStories;
