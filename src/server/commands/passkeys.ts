/**
 * Passkeys' writes: a ceremony's challenge kept and then used once, a passkey added or removed (audited), and a
 * sign-in's new counter. The ceremonies themselves are services/passkeys.ts.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { LAST_WAY_IN, PASSKEY_MAX } from '#shared/schemas/passkeys.ts';
import { passkeyCount, type PasskeyRow } from '../db/queries/passkeys.ts';
import { passkeys, users, webauthnChallenges } from '../db/schema/index.ts';
import { audit } from '../services/audit.ts';
import { CEREMONY_MS } from '../services/passkeys.ts';
import type { CommandContext } from './run.ts';

type Purpose = (typeof webauthnChallenges.$inferInsert)['purpose'];

/** Keeps a challenge for one ceremony (and forgets the expired ones, so the table stays small). */
export async function keepChallenge(
  { tx, now }: CommandContext,
  challenge: string,
  purpose: Purpose,
  userId: string | null,
): Promise<void> {
  await tx.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await tx
    .insert(webauthnChallenges)
    .values({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + CEREMONY_MS) });
}

/** Uses a kept challenge: true once, while it lasts, for its purpose and person; it is gone afterwards. */
export async function useChallenge(
  { tx, now }: CommandContext,
  challenge: string,
  purpose: Purpose,
  userId: string | null,
): Promise<boolean> {
  const used = await tx
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), gt(webauthnChallenges.expiresAt, now)))
    .returning();
  const [row] = used;
  return row !== undefined && row.purpose === purpose && row.userId === userId;
}

/** Adds a verified passkey to her account. */
export async function addPasskey(
  { tx, actor, now }: CommandContext,
  userId: string,
  name: string,
  made: { credentialId: string; publicKey: string; counter: number; transports: string[] },
): Promise<PasskeyRow> {
  if ((await passkeyCount(tx, userId)) >= PASSKEY_MAX)
    throw new AppError('CONFLICT', `An account keeps up to ${PASSKEY_MAX} passkeys; remove one first`);
  const [row] = await tx
    .insert(passkeys)
    .values({ userId, name, ...made, createdAt: now })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) throw new AppError('CONFLICT', 'This passkey is already saved');
  await audit(tx, actor, { action: 'user.passkey_added', targetType: 'user', targetId: userId });
  return row;
}

/**
 * Removes one of her passkeys (404 for anyone else's: she learns nothing of it). Without a password her last one
 * stays (409): she would have no way to sign in. Her row is locked first, as removing the password locks it
 * (commands/accounts.ts), so the two cannot pass together.
 */
export async function removePasskey({ tx, actor }: CommandContext, userId: string, id: string): Promise<void> {
  const [owner] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (owner && owner.passwordHash === null && (await passkeyCount(tx, userId)) <= 1) {
    const hers = await tx
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
    if (hers.length > 0) throw new AppError('CONFLICT', LAST_WAY_IN);
  }
  const removed = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'No such passkey');
  await audit(tx, actor, { action: 'user.passkey_removed', targetType: 'user', targetId: userId });
}

/**
 * Records a sign-in with a passkey: its new counter and when. Only while the counter is still the one the
 * signature was checked against, so two sign-ins with one answer cannot both pass.
 */
export async function recordPasskeyUse(
  { tx, now }: CommandContext,
  passkey: PasskeyRow,
  newCounter: number,
): Promise<boolean> {
  const updated = await tx
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  return updated.length === 1;
}
