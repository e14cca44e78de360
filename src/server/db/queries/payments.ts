/** Read models of the money processors and statements reported: a statement's preview, the inbox, the page. */
import { and, inArray, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { donationIntents, payments } from '../schema/index.ts';
import type { PaymentSource, PreviewFate } from '#shared/schemas/payments.ts';

/** What the preview needs of a statement's row (services/payments/statements.ts reads them). */
interface Row {
  line: number;
  movement: { externalId: string; kind: 'payment' | 'refund' | 'dispute'; reference: string | null };
}

/** A statement's preview: its rows' fates, counted, and the first rows with theirs. */
export interface StatementPreviewRows<R extends Row> {
  rows: number;
  counts: Record<PreviewFate, number>;
  /** The first rows, each with its fate: enough for a manager to see the file was read as she meant. */
  sample: (R & { fate: PreviewFate })[];
}

const PREVIEW_SAMPLE = 50;
const PREVIEW_BATCH = 1000;

/**
 * Reads a statement as an import would, writing nothing: which rows are known already (from an earlier import or a
 * processor's event), which carry a reference we gave (a gift at once), which reverse a payment, and which wait for
 * a manager. A bad line throws as the import would.
 */
export async function previewStatement<R extends Row>(
  db: Db,
  source: PaymentSource,
  rows: AsyncIterable<R>,
): Promise<StatementPreviewRows<R>> {
  const preview: StatementPreviewRows<R> = {
    rows: 0,
    counts: { known: 0, matched: 0, reversal: 0, unmatched: 0 },
    sample: [],
  };
  // A row repeated in the file is known by the second time it is read, as the import's insert would find it.
  const seen = new Set<string>();
  let batch: R[] = [];
  const judge = async () => {
    const ids = batch.map((r) => r.movement.externalId);
    const references = batch.flatMap((r) => (r.movement.reference ? [r.movement.reference] : []));
    const [known, given] = await Promise.all([
      db
        .select({ id: payments.externalId })
        .from(payments)
        .where(and(eq(payments.source, source), inArray(payments.externalId, ids))),
      references.length
        ? db
            .select({ reference: donationIntents.reference })
            .from(donationIntents)
            .where(inArray(donationIntents.reference, references))
        : [],
    ]);
    const knownIds = new Set(known.map((k) => k.id));
    const givenReferences = new Set(given.map((g) => g.reference));
    for (const row of batch) {
      const { externalId, kind, reference } = row.movement;
      const fate: PreviewFate =
        knownIds.has(externalId) || seen.has(externalId)
          ? 'known'
          : kind !== 'payment'
            ? 'reversal'
            : reference && givenReferences.has(reference)
              ? 'matched'
              : 'unmatched';
      seen.add(externalId);
      preview.counts[fate] += 1;
      if (preview.sample.length < PREVIEW_SAMPLE) preview.sample.push({ ...row, fate });
    }
    batch = [];
  };
  for await (const row of rows) {
    preview.rows += 1;
    batch.push(row);
    if (batch.length === PREVIEW_BATCH) await judge();
  }
  if (batch.length) await judge();
  return preview;
}
