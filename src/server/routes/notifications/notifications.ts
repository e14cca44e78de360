/** The signed-in user's notifications: newest first, with the unread count the bell shows. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { notifications } from '../../db/schema/index.ts';
import { requireUser } from '../../plugins/auth.ts';

const PAGE_SIZE = 20;

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      config: { access: 'user' },
      schema: {
        querystring: z.strictObject({
          before: z.iso.datetime({ offset: true, error: 'before must be an ISO date-time' }).optional(),
        }),
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const mine = eq(notifications.userId, me.id);
      const where = request.query.before
        ? and(mine, lt(notifications.createdAt, new Date(request.query.before)))
        : mine;
      const [items, [unread]] = await Promise.all([
        app.db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt))
          .limit(PAGE_SIZE + 1),
        app.db
          .select({ n: count() })
          .from(notifications)
          .where(and(mine, isNull(notifications.readAt))),
      ]);
      const page = items.slice(0, PAGE_SIZE);
      return reply.header('cache-control', 'no-store').send({
        items: page.map((n) => ({
          id: n.id,
          type: n.type,
          title: n.title,
          body: n.body,
          link: n.link,
          isRead: n.readAt !== null,
          createdAt: n.createdAt.toISOString(),
        })),
        unreadCount: unread?.n ?? 0,
        nextBefore: items.length > PAGE_SIZE ? page.at(-1)!.createdAt.toISOString() : null,
      });
    },
  );

  app.post(
    '/api/notifications/:id/read',
    { config: { access: 'user' }, schema: { params: z.object({ id: z.uuid('Not a valid id') }) } },
    async (request, reply) => {
      const me = requireUser(request);
      const updated = await app.db
        .update(notifications)
        .set({ readAt: app.clock.now() })
        .where(and(eq(notifications.id, request.params.id), eq(notifications.userId, me.id)))
        .returning({ id: notifications.id });
      if (updated.length === 0) throw new AppError('NOT_FOUND', 'No such notification');
      return reply.status(204).send();
    },
  );

  app.post('/api/notifications/read-all', { config: { access: 'user' } }, async (request, reply) => {
    const me = requireUser(request);
    await app.db
      .update(notifications)
      .set({ readAt: app.clock.now() })
      .where(and(eq(notifications.userId, me.id), isNull(notifications.readAt)));
    return reply.status(204).send();
  });
};
export default notificationRoutes;
