/** The signed-in person's notifications (GET /api/notifications): newest first, older ones by cursor. */
import { z } from 'zod';

/** One notification; `link` is the site path it is about, when there is one. */
export const NotificationItemSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof NotificationItemSchema>;

/** A page of notifications, the unread count the bell shows, and `nextBefore`: the cursor for older ones (or null). */
export const NotificationsAnswerSchema = z.object({
  items: z.array(NotificationItemSchema),
  unreadCount: z.number().int(),
  nextBefore: z.string().nullable(),
});
export type NotificationsAnswer = z.infer<typeof NotificationsAnswerSchema>;

/** GET /api/notifications's query: `before`, a previous answer's nextBefore. */
export const NotificationsQuerySchema = z.strictObject({
  before: z.iso.datetime({ offset: true, error: 'before must be an ISO date-time' }).optional(),
});
