import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mail that was not sent over SMTP (no SMTP_URL): kept so a developer can read it. */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** Extra headers, e.g. List-Unsubscribe. */
  headers: jsonb('headers').$type<Record<string, string>>(),
  /** Files sent with it (a calendar entry), as the mail server would get them. */
  attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window rate-limit counters shared by every app instance. */
/**
 * Each mail a write promised, by its idempotency key (a receipt per gift, a reset mail per token): claimed for a
 * while by whoever sends it, and marked sent once the mail server took it, so a retried or doubled job never mails
 * twice (decision 011). Holds no address and no text: those travel sealed in the job.
 */
export const mailDeliveries = pgTable('mail_deliveries', {
  key: text('key').primaryKey(),
  /** What the mail is ('receipt', 'password-reset', ...), for the failed-deliveries page. */
  kind: text('kind').notNull(),
  /** A sender holds it until then; a sender that died lets it go when this passes. */
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: bigint('reset_at', { mode: 'number' }).notNull(),
});

/** Every admin write: who, what, to what, before and after, when, from where. Nothing updates or deletes it. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    // The log's filters by action and by actor, newest first.
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
  ],
);
