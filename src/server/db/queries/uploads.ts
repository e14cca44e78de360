/** Read models of uploaded files: the file, and what decides who may read a private one. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { campaigns, expenseDocuments, expenses, stories, uploads } from '../schema/index.ts';
import { imagesInclude, isPublicStory } from './stories.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** A file by id, or undefined. */
export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  const [file] = await db.select().from(uploads).where(eq(uploads.id, id));
  return file;
}

/**
 * Who may see this image by the public stories that show it: anyone (a story for everyone or for its link), members
 * (only members-only stories show it), or null (none does: a draft's or an unpublished story's images stay private).
 */
export async function publicStoryImageReaders(db: Db, uploadId: string): Promise<'anyone' | 'members' | null> {
  const shown = await db
    .select({ audience: stories.audience })
    .from(stories)
    .where(and(isPublicStory, imagesInclude(stories.publishedImages, uploadId)));
  if (shown.length === 0) return null;
  return shown.some((s) => s.audience !== 'members') ? 'anyone' : 'members';
}

/** The owner of the campaign whose expense this document belongs to (undefined when it belongs to none). */
export async function documentCampaignOwner(db: Db, uploadId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ ownerId: campaigns.ownerId })
    .from(expenseDocuments)
    .innerJoin(expenses, eq(expenses.id, expenseDocuments.expenseId))
    .innerJoin(campaigns, eq(campaigns.id, expenses.campaignId))
    .where(eq(expenseDocuments.uploadId, uploadId));
  return row?.ownerId;
}

/** Whether this person owns any campaign (who may upload expense documents besides managers). */
export async function ownsACampaign(db: Db, userId: string): Promise<boolean> {
  const [owned] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.ownerId, userId)).limit(1);
  return owned !== undefined;
}
