/** The admin gate ("step-up"): opening and closing the window on a session. */
import { eq } from 'drizzle-orm';
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
