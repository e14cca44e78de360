/** The donate page's intents: what a donor said they were about to give. */
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DonationIntent } from '#shared/schemas/donation.ts';
import { dollarsToCents } from '#shared/money.ts';
import { REFERENCE_ALPHABET, REFERENCE_LENGTHS } from '#shared/payment-reference.ts';
import type { Db } from '../db/client.ts';
import { countOf, type CounterRow } from '../services/account-limits.ts';
import { databaseError, isDatabaseUnavailable } from '../services/db-errors.ts';
import type { LinkSettings } from './accounts.ts';
import { Batcher } from './batcher.ts';
import { oneStatement, type CommandContext } from './run.ts';
import { askForUpdates } from './update-followers.ts';

/** How many intents one address may record a minute. */
export const INTENT_LIMIT = { max: 20, windowMs: 60_000 };

interface Campaign {
  id: string;
  name: string;
}

/**
 * Stored, with the reference she adds to her payment's note, or refused because the sender used up her limit
 * (nothing stored); intents never count toward progress.
 */
export type IntentOutcome = { id: string; reference: string } | { retryInMs: number };

/** One request's intent: who sent it (her address), when, for which campaign, what she said. */
interface Intent {
  sender: string | null;
  at: number;
  campaign: Campaign;
  input: DonationIntent;
}

/**
 * Intents that arrive together, or while a batch is being stored, are stored in one statement (one round trip, one
 * commit, one write of each sender's counter): issue 17 measured 0.44 of a bare INSERT on PostgreSQL before, above 1
 * after. Counting is the same as one at a time: per sender, in arrival order, the first within the limit are
 * stored. A statement the database refused stored nothing, and is tried again one intent at a time; anything else
 * (down, unreachable) fails them all, so nothing is stored twice should the statement have committed unseen.
 */
const intentBatcher = (db: Db) =>
  new Batcher<Intent, IntentOutcome>({
    store: (batch) => storeIntents(db, batch),
    max: MAX_BATCH,
    retryOneByOne: (err) => databaseError(err).code !== undefined && !isDatabaseUnavailable(err),
  });

/** At most this many intents in one statement (its parameters stay one JSON value whatever the number). */
const MAX_BATCH = 200;

const storeOne = async (db: Db, intent: Intent) => (await storeIntents(db, [intent]))[0]!;

const counterKey = (sender: string | null) => `intent:${sender ?? 'unknown'}`;

/**
 * A new reference: random, so that one tells nothing of another. Short while the short ones are mostly free; each
 * clash (stored nothing, retried) makes the next try one character longer, so a crowded space costs a retry or two.
 */
export function newReference(length: number = REFERENCE_LENGTHS.min): string {
  let chars = '';
  for (let i = 0; i < length; i++) chars += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `HC-${chars}`;
}

/** One intent's row as the statements below read it (JSON: its parameters stay one value whatever the number). */
const intentRow = ({ sender, campaign, input }: Intent, ord: number, referenceLength: number) => ({
  ord,
  id: randomUUID(),
  reference: newReference(referenceLength),
  key: counterKey(sender),
  campaign_id: campaign.id,
  amount_cents: dollarsToCents(input.amount)!,
  payment_method: input.paymentMethod,
  message: input.message ?? null,
  donor_name: input.donorName ?? null,
  donor_email: input.donorEmail ?? null,
  show_publicly: input.showPublicly ?? false,
  client_timestamp: new Date(input.timestamp).toISOString(),
});
type IntentRow = ReturnType<typeof intentRow>;

const inputRows = (rows: readonly IntentRow[]) => sql`
  select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(ord int, id uuid, reference text, key text,
    campaign_id uuid, amount_cents bigint, payment_method text, message text, donor_name text, donor_email text,
    show_publicly boolean, client_timestamp timestamptz)`;

const insertIntents = sql`
  insert into donation_intents (id, reference, campaign_id, amount_cents, currency, payment_method, message,
    donor_name, donor_email, show_publicly, client_timestamp)`;

/**
 * Counts the intents against their senders' addresses and stores those within the limit, in one statement: one
 * round trip and one commit, each sender's counter moved once by her number of intents. Counted apart and inside a
 * transaction one intent took four round trips and two commits (issue 17). A refused intent counts too, as with
 * every other limit. An intent whose reference another took is stored again with a new one (counted once).
 */
async function storeIntents(db: Db, batch: readonly Intent[]): Promise<IntentOutcome[]> {
  const now = Math.max(...batch.map((i) => i.at));
  // Ids made here, so each request knows its row without relying on the order RETURNING gives.
  const rows = batch.map((intent, ord) => intentRow(intent, ord, REFERENCE_LENGTHS.min));
  const { rows: results } = await db.execute<CounterRow & { id: string; within: boolean; stored: boolean }>(sql`
    with input as (${inputRows(rows)}),
    senders as (select key, count(*)::int as n from input group by key),
    counter as (
      insert into rate_limits (key, count, reset_at)
      -- In key order, as every batch does, so two instances' batches cannot deadlock on the same counters.
      select key, n, ${now + INTENT_LIMIT.windowMs}::bigint from senders order by key
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= ${now} then excluded.count else rate_limits.count + excluded.count end,
        reset_at = case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end
      returning key, count, reset_at
    ),
    counted as (
      select input.*, counter.reset_at,
        counter.count - senders.n + row_number() over (partition by input.key order by input.ord) as count
      from input join senders using (key) join counter using (key)
    ),
    stored as (
      ${insertIntents}
      select id, reference, campaign_id, amount_cents, 'USD', payment_method, message, donor_name, donor_email,
        show_publicly, client_timestamp
      from counted where count <= ${INTENT_LIMIT.max}
      on conflict (reference) do nothing
      returning id
    )
    select counted.id, count, reset_at, count <= ${INTENT_LIMIT.max} as within, stored.id is not null as stored
    from counted left join stored using (id)
    order by ord`);
  const outcomes: IntentOutcome[] = results.map((row, i) =>
    row.within ? { id: row.id, reference: rows[i]!.reference } : { retryInMs: countOf(row, now).resetInMs },
  );
  let clashed = results.flatMap((row, i) => (row.within && !row.stored ? [i] : []));
  for (let length = REFERENCE_LENGTHS.min + 1; clashed.length; length++) {
    // 729 million six-character references: only a broken random source gets here.
    if (length > REFERENCE_LENGTHS.max) throw new Error('No free gift reference after every length was tried');
    const retry = clashed.map((i) => intentRow(batch[i]!, i, length));
    const { rows: stored } = await db.execute<{ ord: number }>(sql`
      with input as (${inputRows(retry)}),
      stored as (
        ${insertIntents}
        select id, reference, campaign_id, amount_cents, 'USD', payment_method, message, donor_name, donor_email,
          show_publicly, client_timestamp
        from input
        on conflict (reference) do nothing
        returning id
      )
      select ord from input join stored using (id)`);
    for (const { ord } of stored) {
      const { id, reference } = retry.find((row) => row.ord === ord)!;
      outcomes[ord] = { id, reference };
    }
    clashed = clashed.filter((i) => !stored.some((row) => row.ord === i));
  }
  return outcomes;
}

const batchers = new WeakMap<Db, Batcher<Intent, IntentOutcome>>();

/** Stores what a donor said she was about to give: with the intents arriving meanwhile, in one statement. */
export const recordIntent = oneStatement(
  ({ db, actor, now }, campaign: Campaign, input: DonationIntent): Promise<IntentOutcome> => {
    let batcher = batchers.get(db);
    if (!batcher) batchers.set(db, (batcher = intentBatcher(db)));
    return batcher.add({ sender: actor.ip, at: now.getTime(), campaign, input });
  },
);

/** The same, with her wish for updates by email (a confirmation mail to her address). */
export async function recordIntentAndFollow(
  ctx: CommandContext,
  links: LinkSettings,
  campaign: Campaign,
  input: DonationIntent & { donorEmail: string },
): Promise<IntentOutcome> {
  const outcome = await storeOne(ctx.tx, { sender: ctx.actor.ip, at: ctx.now.getTime(), campaign, input });
  if ('id' in outcome) await askForUpdates(ctx, links, campaign.id, campaign.name, input.donorEmail);
  return outcome;
}
