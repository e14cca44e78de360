/** The signed-in user's notifications: newest first, with the unread count the bell shows. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { markAllNotificationsRead, markNotificationRead } from '../../commands/notifications.ts';
import { notificationsBefore, type NotificationRow } from '../../db/queries/notifications.ts';
import { requireUser } from '../../plugins/auth.ts';

const present = (n: NotificationRow) => ({
  id: n.id,
  type: n.type,
  title: n.title,
  body: n.body,
  link: n.link,
  isRead: n.readAt !== null,
  createdAt: n.createdAt.toISOString(),
});

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
      const before = request.query.before ? new Date(request.query.before) : undefined;
      const { items, nextBefore, unreadCount } = await notificationsBefore(app.db, me.id, before);
      return reply.header('cache-control', 'no-store').send({
        items: items.map(present),
        unreadCount,
        nextBefore: nextBefore?.toISOString() ?? null,
      });
    },
  );

  app.post(
    '/api/notifications/:id/read',
    { config: { access: 'user' }, schema: { params: z.object({ id: z.uuid('Not a valid id') }) } },
    async (request, reply) => {
      await request.run(markNotificationRead, requireUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post('/api/notifications/read-all', { config: { access: 'user' } }, async (request, reply) => {
    await request.run(markAllNotificationsRead, requireUser(request).id);
    return reply.status(204).send();
  });
};
export default notificationRoutes;
