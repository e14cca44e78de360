/**
 * A statement's import (decision 013): its rows stored and matched as processors' events are (commands/payments.ts),
 * in one transaction holding its source's lock, so that events of that source wait for it and it for them.
 */
import { eq, sql } from 'drizzle-orm';
import type { ImportOutcome } from '#shared/schemas/payments.ts';
import { paymentImports } from '../db/schema/index.ts';
import { audit } from '../services/audit.ts';
import type { PaymentMovement, PaymentSource } from '../services/payments/movement.ts';
import type { StatementRow } from '../services/payments/statements.ts';
import { storeAndMatch } from './payments.ts';
import type { CommandContext, Tx } from './run.ts';

/** Statement rows stored in one statement each this many at a time: a 50,000-row statement in 100 round trips. */
const IMPORT_BATCH = 500;

/**
 * Imports a statement in one transaction: its rows stored once each (a row we already have, from this file, an
 * earlier import or a processor's event, adds nothing), those with a reference or reversing a payment matched as
 * an event's would be, the rest left in the inbox. A bad line anywhere throws, and nothing of the file is kept.
 */
export async function importStatement(
  ctx: CommandContext,
  source: PaymentSource,
  fileName: string,
  rows: AsyncIterable<StatementRow>,
): Promise<ImportOutcome> {
  const { tx, actor, now } = ctx;
  await lockSource(tx, source);
  const [statement] = await tx
    .insert(paymentImports)
    .values({ source, fileName, importedBy: actor.id, rowCount: 0, createdAt: now })
    .returning({ id: paymentImports.id });
  const importId = statement!.id;
  const outcome: ImportOutcome = { importId, rows: 0, added: 0, recorded: 0, waiting: 0, unmatched: 0 };
  let batch: PaymentMovement[] = [];
  const storeBatch = async () => {
    const stored = await storeAndMatch(
      ctx,
      source,
      batch.map((movement) => ({ movement, origin: { importId } })),
    );
    batch = [];
    outcome.added += stored.length;
    for (const { state } of stored) outcome[state === 'not_gift' ? 'unmatched' : state] += 1;
  };
  for await (const { movement } of rows) {
    outcome.rows += 1;
    batch.push(movement);
    if (batch.length === IMPORT_BATCH) await storeBatch();
  }
  if (batch.length) await storeBatch();
  await tx.update(paymentImports).set({ rowCount: outcome.rows }).where(eq(paymentImports.id, importId));
  await audit(tx, actor, {
    action: 'payment.import',
    targetType: 'payment_import',
    targetId: importId,
    after: { source, fileName, ...outcome },
  });
  return outcome;
}

/** A statement's import waits for the events of its source in flight, and they for it. */
const lockSource = (tx: Tx, source: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payments:${source}`}, 0))`);
