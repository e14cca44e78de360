/**
 * Each signing processor's last word, for the payments page: the last event accepted, and the deliveries refused
 * since (what failed, never the body: it may be forged). An accepted event is noted in its own write's transaction;
 * a refused delivery alone, so that it leaves its trace.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { processorDeliveries } from '../db/schema/index.ts';
import type { SigningProcessor } from '../services/payments/movement.ts';
import { receivePayments, type PaymentOutcome, type ReceivedMovement } from './payments.ts';
import { oneStatement, type CommandContext } from './run.ts';

/** Notes a processor's last event accepted, in the write's own transaction or alone. */
async function markEventReceived(db: Db | Tx, now: Date, processor: string, eventType: string) {
  await db
    .insert(processorDeliveries)
    .values({ processor, lastEventAt: now, lastEventType: eventType, failuresSinceEvent: 0 })
    .onConflictDoUpdate({
      target: processorDeliveries.processor,
      set: { lastEventAt: now, lastEventType: eventType, failuresSinceEvent: 0 },
    });
}

/** An event accepted that moves no money (one we do not act on). */
export const noteEventReceived = oneStatement(({ db, now }, processor: string, eventType: string) =>
  markEventReceived(db, now, processor, eventType),
);

/**
 * Events of one processor that arrived together, recorded, and the last noted, in one transaction; their gifts'
 * mail is tried once they are answered.
 */
export async function receiveEvents(
  ctx: CommandContext,
  processor: SigningProcessor,
  received: readonly ReceivedMovement[],
): Promise<PaymentOutcome[]> {
  ctx.afterCommit.mailAfterAnswer();
  const outcomes = await receivePayments(ctx, processor, received);
  await markEventReceived(ctx.tx, ctx.now, processor, received.at(-1)!.origin.eventType);
  return outcomes;
}

export const noteDeliveryRefused = oneStatement(async ({ db, now }, processor: string, why: string) => {
  await db
    .insert(processorDeliveries)
    .values({ processor, lastFailureAt: now, lastFailure: why, failuresSinceEvent: 1 })
    .onConflictDoUpdate({
      target: processorDeliveries.processor,
      set: {
        lastFailureAt: now,
        lastFailure: why,
        failuresSinceEvent: sql`${processorDeliveries.failuresSinceEvent} + 1`,
      },
    });
});
