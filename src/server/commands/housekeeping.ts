/**
 * Housekeeping: rows nobody can use any more. An hourly job (plugins/jobs.ts) that one instance takes; every
 * statement is idempotent anyway. Uploads get a day's grace: a story image is uploaded before the story is saved, an invoice before
 * the expense is submitted, a fundraiser's image or document before her draft is saved.
 */
import { and, eq, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import {
  campaignFollowers,
  expenseDocuments,
  fundraiserDocuments,
  fundraiserRevisions,
  fundraiserStoryVersions,
  fundraisers,
  mailDeliveries,
  payments,
  sessions,
  stories,
  uploads,
  userTokens,
} from '../db/schema/index.ts';
import { imagesInclude } from '../db/queries/stories.ts';
import { sweepEndedCounters } from '../services/account-limits.ts';
import { SESSION_IDLE_MS } from '../services/sessions.ts';
import type { CommandContext } from './run.ts';
import { CONFIRM_UPDATES_MS } from './update-followers.ts';

export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
/** Spent and expired mailed tokens are kept a week, so a late click still reads "used or expired", not "unknown". */
export const SPENT_TOKEN_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a mail's once-only record is kept (longer than any try of its job, and its month on the failed list). */
export const MAIL_DELIVERY_KEEP_MS = 40 * 24 * 60 * 60 * 1000;

/**
 * A processor's event body is kept this long for a manager's questions about it (docs/security.md), then pruned:
 * the payment's own columns stay for the ledger. Ninety days covers a card dispute's usual window.
 */
export const PAYMENT_PAYLOAD_KEEP_MS = 90 * 24 * 60 * 60 * 1000;

export interface SweepResult {
  sessions: number;
  tokens: number;
  uploads: number;
  /** Addresses that asked for updates and never confirmed before the link expired. */
  unconfirmedFollowers: number;
  /** Rate-limit counters whose window has ended (intents count in the database even with Redis). */
  counters: number;
  /** Mails' once-only records past their keeping. */
  mailDeliveries: number;
  /** Processors' event bodies past their keeping. */
  paymentPayloads: number;
}

/**
 * Deletes ended sessions, long-expired mailed tokens, unused uploads, never-confirmed update addresses, ended
 * rate-limit counters, old mail delivery records and old processors' event bodies as of ctx.now; answers how many of each.
 */
export async function sweep({ tx, now }: CommandContext): Promise<SweepResult> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const endedSessions = await tx
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, ago(SESSION_IDLE_MS))))
    .returning({ id: sessions.id });
  const oldTokens = await tx
    .delete(userTokens)
    .where(lt(userTokens.expiresAt, ago(SPENT_TOKEN_KEEP_MS)))
    .returning({ id: userTokens.id });
  // Campaign images stay: earlier content versions, which can be restored, may show them.
  const unusedUploads = await tx
    .delete(uploads)
    .where(
      and(
        lt(uploads.createdAt, ago(UNUSED_UPLOAD_GRACE_MS)),
        or(
          and(
            eq(uploads.purpose, 'story_image'),
            notExists(
              tx
                .select()
                .from(stories)
                .where(
                  or(imagesInclude(stories.images, uploads.id), imagesInclude(stories.publishedImages, uploads.id)),
                ),
            ),
          ),
          and(
            eq(uploads.purpose, 'expense_document'),
            notExists(tx.select().from(expenseDocuments).where(eq(expenseDocuments.uploadId, uploads.id))),
          ),
          and(
            eq(uploads.purpose, 'fundraiser_image'),
            notExists(tx.select().from(fundraisers).where(imagesInclude(fundraisers.images, uploads.id))),
            // An earlier version of a live fundraiser's story keeps its images.
            notExists(
              tx
                .select()
                .from(fundraiserStoryVersions)
                .where(imagesInclude(fundraiserStoryVersions.images, uploads.id)),
            ),
          ),
          and(
            eq(uploads.purpose, 'fundraiser_document'),
            notExists(tx.select().from(fundraiserDocuments).where(eq(fundraiserDocuments.uploadId, uploads.id))),
            // A money change keeps the documents it planned (a pending one needs them for its review).
            notExists(
              tx
                .select()
                .from(fundraiserRevisions)
                .where(sql`${fundraiserRevisions.documentIds} @> jsonb_build_array(${uploads.id}::text)`),
            ),
          ),
        ),
      ),
    )
    .returning({ id: uploads.id });
  const unconfirmed = await tx
    .delete(campaignFollowers)
    .where(and(isNull(campaignFollowers.confirmedAt), lt(campaignFollowers.confirmSentAt, ago(CONFIRM_UPDATES_MS))))
    .returning({ id: campaignFollowers.id });
  const { rows: endedCounters } = await tx.execute(sweepEndedCounters(now.getTime()));
  // A mail's once-only record outlives every try of its job (a day) and the failed job's month on the list.
  const oldDeliveries = await tx
    .delete(mailDeliveries)
    .where(lt(mailDeliveries.createdAt, ago(MAIL_DELIVERY_KEEP_MS)))
    .returning({ key: mailDeliveries.key });
  const prunedPayloads = await tx
    .update(payments)
    .set({ payload: null })
    .where(and(isNotNull(payments.payload), lt(payments.receivedAt, ago(PAYMENT_PAYLOAD_KEEP_MS))))
    .returning({ id: payments.id });
  return {
    sessions: endedSessions.length,
    tokens: oldTokens.length,
    uploads: unusedUploads.length,
    unconfirmedFollowers: unconfirmed.length,
    counters: endedCounters.length,
    mailDeliveries: oldDeliveries.length,
    paymentPayloads: prunedPayloads.length,
  };
}
