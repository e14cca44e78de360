/**
 * Read models of a live fundraiser's life after approval (decision 009): its dated updates, the earlier versions of
 * its story, and the money changes proposed for review.
 */
import { and, asc, count, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../client.ts';
import { fundraiserRevisions, fundraiserStoryVersions, fundraiserUpdates, uploads } from '../schema/index.ts';
import type { FundraiserDocumentRow } from './fundraisers.ts';

export type RevisionRow = typeof fundraiserRevisions.$inferSelect;
export type FundraiserUpdateRow = typeof fundraiserUpdates.$inferSelect;
export type StoryVersionRow = typeof fundraiserStoryVersions.$inferSelect;

/** A proposed money change with its planned documents as their readers see them listed. */
export interface RevisionWithDocuments {
  revision: RevisionRow;
  documents: FundraiserDocumentRow[];
}

/** These uploads as documents, in the order given (an id no longer stored is left out). */
export async function documentRows(db: Db | Tx, ids: readonly string[]): Promise<FundraiserDocumentRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: uploads.id, contentType: uploads.contentType, size: uploads.size })
    .from(uploads)
    .where(inArray(uploads.id, [...ids]));
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}

/** The fundraiser's latest money change, pending or decided, or null if she never proposed one. */
export async function latestRevision(db: Db | Tx, fundraiserId: string): Promise<RevisionWithDocuments | null> {
  const [revision] = await db
    .select()
    .from(fundraiserRevisions)
    .where(eq(fundraiserRevisions.fundraiserId, fundraiserId))
    .orderBy(desc(fundraiserRevisions.proposedAt), desc(fundraiserRevisions.id))
    .limit(1);
  return revision ? { revision, documents: await documentRows(db, revision.documentIds) } : null;
}

/** The number of the story's current text: one more than the versions it replaced. */
export async function storyVersionOf(db: Db | Tx, fundraiserId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fundraiserStoryVersions)
    .where(eq(fundraiserStoryVersions.fundraiserId, fundraiserId));
  return (row?.n ?? 0) + 1;
}

/** Its dated updates, newest first, at most `limit`. */
export function updatesOf(db: Db | Tx, fundraiserId: string, limit: number): Promise<FundraiserUpdateRow[]> {
  return db
    .select()
    .from(fundraiserUpdates)
    .where(eq(fundraiserUpdates.fundraiserId, fundraiserId))
    .orderBy(desc(fundraiserUpdates.postedAt), desc(fundraiserUpdates.id))
    .limit(limit);
}

/** The earlier texts of its story, oldest first. */
export function storyVersionsOf(db: Db | Tx, fundraiserId: string): Promise<StoryVersionRow[]> {
  return db
    .select()
    .from(fundraiserStoryVersions)
    .where(eq(fundraiserStoryVersions.fundraiserId, fundraiserId))
    .orderBy(asc(fundraiserStoryVersions.version));
}

/** Whether the fundraiser in `fundraiserId` (a column of the outer query) has a money change waiting for review. */
export function hasPendingRevision(db: Db | Tx, fundraiserId: AnyPgColumn): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(fundraiserRevisions)
      .where(and(eq(fundraiserRevisions.fundraiserId, fundraiserId), eq(fundraiserRevisions.status, 'pending'))),
  );
}

/** Whether a pending money change plans this document: then the reviewing managers may read it. */
export async function isOnPendingRevision(db: Db, uploadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: fundraiserRevisions.id })
    .from(fundraiserRevisions)
    .where(
      and(
        eq(fundraiserRevisions.status, 'pending'),
        sql`${fundraiserRevisions.documentIds} @> ${JSON.stringify([uploadId])}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Her fundraisers' updates, story versions and money changes, for her data export. */
export async function liveRecordsForExport(db: Db, fundraiserIds: string[]) {
  if (fundraiserIds.length === 0) return { updates: [], storyVersions: [], revisions: [] };
  const [updates, storyVersions, revisions] = await Promise.all([
    db.select().from(fundraiserUpdates).where(inArray(fundraiserUpdates.fundraiserId, fundraiserIds)),
    db.select().from(fundraiserStoryVersions).where(inArray(fundraiserStoryVersions.fundraiserId, fundraiserIds)),
    db.select().from(fundraiserRevisions).where(inArray(fundraiserRevisions.fundraiserId, fundraiserIds)),
  ]);
  return { updates, storyVersions, revisions };
}
