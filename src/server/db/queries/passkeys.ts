/** Read models of passkeys: hers, how many, and the one a sign-in names with its owner. */
import { asc, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { passkeys, users } from '../schema/index.ts';
import type { UserRow } from './users.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** Her passkeys, oldest first. */
export function passkeysOf(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function passkeyCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** The passkey a sign-in names by its credential id, with its owner's account; undefined when none. */
export async function passkeyByCredential(
  db: Db,
  credentialId: string,
): Promise<{ passkey: PasskeyRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, credentialId));
  return row;
}
