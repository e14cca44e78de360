/** The signed-in user's notifications: newest first, with the unread count the bell shows. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/notifications.ts';
import { markAllNotificationsRead, markNotificationRead } from '../../commands/notifications.ts';
import { notificationsBefore, type NotificationRow } from '../../db/queries/notifications.ts';
import { route } from '../endpoint.ts';

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
  route(app, endpoints.list, {}, async (request, reply, { me }) => {
    const before = request.query.before ? new Date(request.query.before) : undefined;
    const { items, nextBefore, unreadCount } = await notificationsBefore(app.db, me.id, before);
    return reply.header('cache-control', 'no-store').send({
      items: items.map(present),
      unreadCount,
      nextBefore: nextBefore?.toISOString() ?? null,
    });
  });

  route(app, endpoints.markRead, {}, async (request, reply, { me }) => {
    await request.run(markNotificationRead, me.id, request.params.id);
    return reply.status(204).send();
  });

  route(app, endpoints.markAllRead, {}, async (request, reply, { me }) => {
    await request.run(markAllNotificationsRead, me.id);
    return reply.status(204).send();
  });
};
export default notificationRoutes;
