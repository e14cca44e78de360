/**
 * The admin gate ("step-up"): opening and closing the window on a session; and her passkey confirmation in place
 * of her password, stamped on the session and spent by the one change it was for.
 */
import { and, eq, gt } from 'drizzle-orm';
import { sessions } from '../db/schema/index.ts';
import type { CommandContext } from './run.ts';

/**
 * Opens the step-up window on this session for `lastsMs` from now (the caller checked her password or her
 * passkey), and says until when.
 */
export async function openStepUp({ tx, now }: CommandContext, sessionId: string, lastsMs: number): Promise<Date> {
  const until = new Date(now.getTime() + lastsMs);
  await tx.update(sessions).set({ elevatedUntil: until }).where(eq(sessions.id, sessionId));
  return until;
}

/** Closes it now (the admin locked the panel). */
export async function closeStepUp({ tx }: CommandContext, sessionId: string) {
  await tx.update(sessions).set({ elevatedUntil: null }).where(eq(sessions.id, sessionId));
}

/** Stamps this session: she confirmed herself with a passkey of hers now (the caller checked it); says when. */
export async function stampReauthentication({ tx, now }: CommandContext, sessionId: string): Promise<Date> {
  await tx.update(sessions).set({ reauthenticatedAt: now }).where(eq(sessions.id, sessionId));
  return now;
}

/**
 * Spends the stamp for one sensitive change: true once, if she confirmed herself on this session within
 * `withinMs`; the stamp is gone afterwards, so two changes racing on one confirmation cannot both pass.
 */
export async function spendReauthentication(
  { tx, now }: CommandContext,
  sessionId: string,
  withinMs: number,
): Promise<boolean> {
  const spent = await tx
    .update(sessions)
    .set({ reauthenticatedAt: null })
    .where(and(eq(sessions.id, sessionId), gt(sessions.reauthenticatedAt, new Date(now.getTime() - withinMs))))
    .returning({ id: sessions.id });
  return spent.length === 1;
}
