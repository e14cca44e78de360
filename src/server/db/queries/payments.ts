/** Read models of the money processors and statements reported: a statement's preview, the inbox, the page. */
import { and, between, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import type { Db } from '../client.ts';
import {
  campaigns,
  donationIntents,
  fundraisers,
  paymentImports,
  payments,
  processorDeliveries,
  statementMappings,
} from '../schema/index.ts';
import { containing } from './doctors.ts';
import { takesGifts } from './fundraisers.ts';
import { paged } from './paging.ts';
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

/** A campaign's name as managers know it: its fundraiser's title, else the main appeal's content name. */
const campaignName = sql<string>`coalesce(${fundraisers.title}, ${campaigns.content}->>'name', ${campaigns.slug})`;

export interface GiftCampaignRow {
  id: string;
  name: string;
  mainAppeal: boolean;
}

/**
 * The campaigns a manager may record a payment to without an intent (those that take gifts), whose names contain `q`:
 * the main appeal first, then by name, `limit` of them, and whether more match. A search, not a list of every one:
 * there may be thousands of fundraisers.
 */
export async function giftCampaigns(db: Db, q: string | undefined, limit: number) {
  const rows: GiftCampaignRow[] = await db
    .select({ id: campaigns.id, name: campaignName, mainAppeal: campaigns.mainAppeal })
    .from(campaigns)
    .leftJoin(fundraisers, eq(fundraisers.campaignId, campaigns.id))
    .where(q ? and(takesGifts, ilike(campaignName, containing(q))) : takesGifts)
    .orderBy(desc(campaigns.mainAppeal), sql`lower(${campaignName})`, campaigns.id)
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** The inbox: payments a manager decides (unmatched) and reversals waiting for their payment, oldest first. */
const inInbox = inArray(payments.state, ['unmatched', 'waiting']);

export type PaymentRow = typeof payments.$inferSelect;

export type InboxRow = PaymentRow & {
  campaignName: string | null;
  candidates: CandidateRow[];
};

export interface CandidateRow {
  intent: typeof donationIntents.$inferSelect;
  campaignName: string;
}

/** How far a processor's gross may sit from what the donor said she would give: its fee, or a rounded amount. */
const AMOUNT_SLACK = { percent: 10, cents: 100 };
/** An intent is a candidate for payments this long after it, or a day before (clocks, time zones). */
const CANDIDATE_WINDOW_MS = { before: 14 * 24 * 3600_000, after: 24 * 3600_000 };
const CANDIDATES_PER_PAYMENT = 5;

/**
 * Open intents a payment without a reference may be (never recorded on this guess: a manager confirms): near its
 * amount, allowing the processor's fee, made up to two weeks before it, the same method first, then the closest in
 * amount and in time.
 */
export async function candidatesFor(
  db: Db,
  payment: Pick<typeof payments.$inferSelect, 'amountCents' | 'occurredAt' | 'currency' | 'kind'>,
  method: string,
): Promise<CandidateRow[]> {
  if (payment.kind !== 'payment') return [];
  const slack = Math.max(AMOUNT_SLACK.cents, Math.round((payment.amountCents * AMOUNT_SLACK.percent) / 100));
  const at = payment.occurredAt.getTime();
  return db
    .select({ intent: donationIntents, campaignName })
    .from(donationIntents)
    .innerJoin(campaigns, eq(campaigns.id, donationIntents.campaignId))
    .leftJoin(fundraisers, eq(fundraisers.campaignId, donationIntents.campaignId))
    .where(
      and(
        eq(donationIntents.status, 'open'),
        between(donationIntents.amountCents, payment.amountCents - slack, payment.amountCents + slack),
        between(
          donationIntents.createdAt,
          new Date(at - CANDIDATE_WINDOW_MS.before),
          new Date(at + CANDIDATE_WINDOW_MS.after),
        ),
      ),
    )
    .orderBy(
      sql`${donationIntents.paymentMethod} = ${method} desc`,
      sql`abs(${donationIntents.amountCents} - ${payment.amountCents})`,
      sql`abs(extract(epoch from ${donationIntents.createdAt} - ${payment.occurredAt}::timestamptz))`,
    )
    .limit(CANDIDATES_PER_PAYMENT);
}

/** A page of the inbox, oldest first (the longest waiting at the top), each payment with its candidates. */
export async function inboxPage<Item>(
  db: Db,
  page: number,
  methodOf: (source: string) => string,
  present: (row: InboxRow) => Item,
) {
  const listed = await paged(
    { page, pageSize: ADMIN_LIST_PAGE_SIZE },
    (limit, offset) =>
      db
        .select({ payment: payments, campaignName })
        .from(payments)
        .leftJoin(campaigns, eq(campaigns.id, payments.campaignId))
        .leftJoin(fundraisers, eq(fundraisers.campaignId, payments.campaignId))
        .where(inInbox)
        .orderBy(payments.receivedAt, payments.id)
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(payments).where(inInbox),
    (row) => row,
  );
  const items = await Promise.all(
    listed.items.map(async ({ payment, campaignName: name }) =>
      present({
        ...payment,
        campaignName: payment.campaignId ? name : null,
        candidates: payment.reference ? [] : await candidatesFor(db, payment, methodOf(payment.source)),
      }),
    ),
  );
  return { ...listed, items };
}

/** The inbox counted by how long each has waited, for the Payments page and the dashboard's warning. */
export async function inboxAges(db: Db, now: Date) {
  const day = sql`interval '1 day'`;
  const [row] = await db
    .select({
      total: count(),
      underADay: sql<number>`count(*) filter (where ${payments.receivedAt} > ${now}::timestamptz - ${day})::int`,
      oneToTwoDays: sql<number>`count(*) filter (where ${payments.receivedAt} <= ${now}::timestamptz - ${day}
        and ${payments.receivedAt} > ${now}::timestamptz - 2 * ${day})::int`,
      olderThanTwoDays: sql<number>`count(*) filter (where ${payments.receivedAt} <= ${now}::timestamptz - 2 * ${day})::int`,
    })
    .from(payments)
    .where(inInbox);
  return row!;
}

/** Each signing processor's last word (absent: it never said anything). */
export const processorStates = (db: Db) => db.select().from(processorDeliveries);

/** The latest statements imported, newest first. */
export const recentImports = (db: Db) =>
  db.select().from(paymentImports).orderBy(desc(paymentImports.createdAt)).limit(10);

/** A source's saved column mapping, if a manager saved one. */
export async function savedMapping(db: Db, source: string) {
  const [row] = await db.select().from(statementMappings).where(eq(statementMappings.source, source));
  return row?.mapping;
}
