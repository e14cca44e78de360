/** Storing uploaded files (already checked by their bytes), and the avatar that replaces the previous one. */
import { and, eq } from 'drizzle-orm';
import { uploads, users } from '../db/schema/index.ts';
import type { CommandContext } from './run.ts';

type Purpose = (typeof uploads.$inferInsert)['purpose'];

/** A checked file's type and bytes. */
export interface CheckedFile {
  contentType: string;
  bytes: Buffer;
}

/** Stores a file for `ownerId` (null: it belongs to the campaign and outlives any account); answers its id. */
export async function storeUpload(
  { tx }: CommandContext,
  ownerId: string | null,
  purpose: Purpose,
  file: CheckedFile,
): Promise<string> {
  const [row] = await tx
    .insert(uploads)
    .values({ ownerId, purpose, contentType: file.contentType, size: file.bytes.length, bytes: file.bytes })
    .returning({ id: uploads.id });
  return row!.id;
}

/** Makes this image the person's avatar, in place of any earlier one; answers the updated account. */
export async function replaceAvatar({ tx, now }: CommandContext, userId: string, file: CheckedFile) {
  await tx.delete(uploads).where(and(eq(uploads.ownerId, userId), eq(uploads.purpose, 'avatar')));
  const [row] = await tx
    .insert(uploads)
    .values({
      ownerId: userId,
      purpose: 'avatar',
      contentType: file.contentType,
      size: file.bytes.length,
      bytes: file.bytes,
    })
    .returning({ id: uploads.id });
  const [user] = await tx
    .update(users)
    .set({ profileImageUrl: `/api/uploads/${row!.id}`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

/** Removes the person's avatar. */
export async function removeAvatar({ tx }: CommandContext, userId: string) {
  await tx.delete(uploads).where(and(eq(uploads.ownerId, userId), eq(uploads.purpose, 'avatar')));
  await tx.update(users).set({ profileImageUrl: null }).where(eq(users.id, userId));
}
