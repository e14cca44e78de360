/** The signed-in person's notifications: the list (newest first, older pages by cursor) and marking them read. */
import type { NotificationsAnswer } from '#shared/schemas/notifications.ts';
import { apiGet, apiRequest, withQuery } from '#client/lib/api.ts';

/** The bell's key; every notifications key starts with it, so one invalidation refreshes them all. */
export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;

/** GET /api/notifications: the newest page, or the one older than `before` (a previous answer's nextBefore). */
export const listNotifications = (before?: string) =>
  apiGet<NotificationsAnswer>(withQuery(NOTIFICATIONS_KEY[0], { before }));

/** POST /api/notifications/:id/read */
export const markNotificationRead = (id: string) =>
  apiRequest<void>('POST', `${NOTIFICATIONS_KEY[0]}/${encodeURIComponent(id)}/read`);

/** POST /api/notifications/read-all */
export const markAllNotificationsRead = () => apiRequest<void>('POST', `${NOTIFICATIONS_KEY[0]}/read-all`);
