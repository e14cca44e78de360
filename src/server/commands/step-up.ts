/** The admin password gate ("step-up"): opening and closing the window on a session. */
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema/index.ts';
import type { CommandContext } from './run.ts';

/** Opens the step-up window on this session until `until` (the password was checked by the caller). */
export async function openStepUp({ tx }: CommandContext, sessionId: string, until: Date) {
  await tx.update(sessions).set({ elevatedUntil: until }).where(eq(sessions.id, sessionId));
}

/** Closes it now (the admin locked the panel). */
export async function closeStepUp({ tx }: CommandContext, sessionId: string) {
  await tx.update(sessions).set({ elevatedUntil: null }).where(eq(sessions.id, sessionId));
}
