/** A person marks their own notifications read. */
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { notifications } from '../db/schema/index.ts';
import type { CommandContext } from './run.ts';

/** Marks one of the person's notifications read; someone else's is "not found". */
export async function markNotificationRead({ tx, now }: CommandContext, userId: string, id: string) {
  const updated = await tx
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND', 'No such notification');
}

/** Marks every unread notification of the person read. */
export async function markAllNotificationsRead({ tx, now }: CommandContext, userId: string) {
  await tx
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
