/**
 * Each signing processor's last word, for the payments page: the last event accepted, and the deliveries refused
 * since (what failed, never the body: it may be forged). Bookkeeping, one statement each, apart from the event's
 * own write so that a refused delivery leaves its trace.
 */
import { sql } from 'drizzle-orm';
import { processorDeliveries } from '../db/schema/index.ts';
import { oneStatement } from './run.ts';

export const noteEventReceived = oneStatement(async ({ db, now }, processor: string, eventType: string) => {
  await db
    .insert(processorDeliveries)
    .values({ processor, lastEventAt: now, lastEventType: eventType, failuresSinceEvent: 0 })
    .onConflictDoUpdate({
      target: processorDeliveries.processor,
      set: { lastEventAt: now, lastEventType: eventType, failuresSinceEvent: 0 },
    });
});

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
