/** A fundraiser's history: each step (applied, reviewed, a doctor's review, closed...), who took it and its message. */
import type { FundraiserEvent } from '#shared/history-words.ts';
import type { Tx } from '../db/client.ts';
import { fundraiserEvents } from '../db/schema/index.ts';

/** Writes a step of the fundraiser's history. */
export async function record(
  tx: Tx,
  fundraiserId: string,
  actorId: string | null,
  action: FundraiserEvent,
  message?: string,
) {
  await tx.insert(fundraiserEvents).values({ fundraiserId, actorId, action, message: message ?? null });
}
