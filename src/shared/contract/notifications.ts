/** The signed-in person's notifications: the list (newest first, older pages by cursor) and marking them read. */
import { IdParamsSchema } from '../schemas/common.ts';
import { NotificationsAnswerSchema, NotificationsQuerySchema } from '../schemas/notifications.ts';
import { endpoint } from './endpoint.ts';

export const list = endpoint({
  method: 'GET',
  path: '/api/notifications',
  access: 'user',
  query: NotificationsQuerySchema,
  responses: { 200: NotificationsAnswerSchema },
  resource: 'notifications',
});

export const markRead = endpoint({
  method: 'POST',
  path: '/api/notifications/:id/read',
  access: 'user',
  params: IdParamsSchema,
  responses: { 204: null },
  changes: ['notifications'],
});

export const markAllRead = endpoint({
  method: 'POST',
  path: '/api/notifications/read-all',
  access: 'user',
  responses: { 204: null },
  changes: ['notifications'],
});
