/** The signed-in person's notifications: the list (newest first, older pages by cursor) and marking them read. */
import * as notifications from '#shared/contract/notifications.ts';
import { call, keyOf } from '#client/lib/api.ts';

/** The bell's key; every notifications key starts with the resource's name, so its writes refresh them all. */
export const NOTIFICATIONS_KEY = keyOf(notifications.list);

/** The newest page, or the one older than `before` (a previous answer's nextBefore). */
export const listNotifications = (before?: string) => call(notifications.list, before ? { query: { before } } : {});

/** Marks one notification read. */
export const markNotificationRead = (id: string) => call(notifications.markRead, { params: { id } });

/** Marks every notification read. */
export const markAllNotificationsRead = () => call(notifications.markAllRead);
