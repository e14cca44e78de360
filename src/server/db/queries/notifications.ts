/** Read models of a person's notifications: newest first, read a screen at a time from a cursor, and the unread count. */
import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { notifications } from '../schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** Notifications per screen. */
export const NOTIFICATIONS_PER_SCREEN = 20;

/**
 * The person's notifications older than `before` (all when absent), newest first. A cursor rather than a page
 * number: notifications arrive while someone scrolls, and would shift a numbered page under them.
 */
export async function notificationsBefore(
  db: Db,
  userId: string,
  before: Date | undefined,
): Promise<{ items: NotificationRow[]; nextBefore: Date | null; unreadCount: number }> {
  const mine = eq(notifications.userId, userId);
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(before ? and(mine, lt(notifications.createdAt, before)) : mine)
      .orderBy(desc(notifications.createdAt))
      .limit(NOTIFICATIONS_PER_SCREEN + 1),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt))),
  ]);
  const items = rows.slice(0, NOTIFICATIONS_PER_SCREEN);
  return {
    items,
    nextBefore: rows.length > NOTIFICATIONS_PER_SCREEN ? items.at(-1)!.createdAt : null,
    unreadCount: unread?.n ?? 0,
  };
}
