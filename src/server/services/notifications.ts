/**
 * Notifications: one row per person per event (the event key makes repeats of the same event a no-op),
 * and, for the important ones, an email to people who have not turned them off (a job the write's command
 * enqueues with afterCommit.mailNotifications; services/mail-delivery.ts builds and sends it).
 */
import { and, eq } from 'drizzle-orm';
import { adminLevelAtLeast, type AdminLevel } from '#shared/auth/roles.ts';
import type { Db } from '../db/client.ts';
import { notifications, users } from '../db/schema/index.ts';

export type NotificationType =
  | 'story_approved'
  | 'story_rejected'
  | 'story_hidden'
  | 'story_support'
  | 'doctor_verification'
  | 'donation_recorded'
  | 'report_resolved'
  | 'admin_queue'
  | 'expense_update'
  | 'campaign_update'
  | 'fundraiser_review'
  | 'medical_review'
  | 'care_plan';

export interface NotificationEvent {
  userId: string;
  type: NotificationType;
  title: string;
  body?: string;
  /** A site path. */
  link?: string | null;
  /** Names the event (e.g. `story:<id>:approved:<time>`): the same key for the same person is stored once. */
  eventKey: string;
  /** Also send it by email (to people who allow email). */
  important?: boolean;
}

export type NotificationRow = typeof notifications.$inferSelect;

/** Stores the notifications not stored before; returns the new rows (with `important` carried over). */
export async function notify(
  db: Db,
  events: NotificationEvent[],
): Promise<(NotificationRow & { important: boolean })[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      events.map((e) => ({
        userId: e.userId,
        type: e.type,
        title: e.title,
        body: e.body ?? '',
        link: e.link ?? null,
        eventKey: e.eventKey,
      })),
    )
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
    .returning();
  const important = new Set(events.filter((e) => e.important).map((e) => `${e.userId} ${e.eventKey}`));
  return rows.map((r) => ({ ...r, important: important.has(`${r.userId} ${r.eventKey}`) }));
}

/** The active admins of at least this level: who to tell about new items in their queues. */
async function adminsAtLeast(db: Db, minimum: AdminLevel): Promise<string[]> {
  const admins = await db
    .select({ id: users.id, adminLevel: users.adminLevel })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  return admins.filter((a) => adminLevelAtLeast(a.adminLevel, minimum)).map((a) => a.id);
}

/** Puts one item in the queue of every active admin at `minimum` or above, except `skip` (who caused it). */
export async function notifyAdmins(
  db: Db,
  minimum: AdminLevel,
  item: Omit<NotificationEvent, 'userId' | 'type'>,
  skip?: string,
): Promise<void> {
  const admins = (await adminsAtLeast(db, minimum)).filter((id) => id !== skip);
  await notify(
    db,
    admins.map((userId) => ({ userId, type: 'admin_queue', ...item })),
  );
}

/** A stored notification as mail needs it. */
export interface MailableNotification {
  id: string;
  userId: string;
  title: string;
  body: string;
  link: string | null;
  important: boolean;
}
