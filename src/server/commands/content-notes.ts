/** The topics a member mutes (issue 38): her whole choice replaces the last one, in one transaction. */
import { eq } from 'drizzle-orm';
import type { ContentNote } from '#shared/story-audience.ts';
import { contentNoteMutes } from '../db/schema/index.ts';
import type { CommandContext } from './run.ts';

/** Mutes exactly `muted` for her: stories with one of these notes leave her /stories list. */
export async function setMutedContentNotes(
  { tx, now }: CommandContext,
  userId: string,
  muted: readonly ContentNote[],
): Promise<void> {
  await tx.delete(contentNoteMutes).where(eq(contentNoteMutes.userId, userId));
  if (muted.length > 0)
    await tx.insert(contentNoteMutes).values(muted.map((note) => ({ userId, note, createdAt: now })));
}
