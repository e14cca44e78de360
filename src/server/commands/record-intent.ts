/** The donate page's intents: what a donor said they were about to give. */
import { sql } from 'drizzle-orm';
import type { DonationIntent } from '#shared/schemas/donation.ts';
import { dollarsToCents } from '#shared/money.ts';
import type { Db } from '../db/client.ts';
import { countOf, countOne, type CounterRow } from '../services/account-limits.ts';
import type { LinkSettings } from './accounts.ts';
import { oneStatement, type CommandContext } from './run.ts';
import { askForUpdates } from './update-followers.ts';

/** How many intents one address may record a minute. */
export const INTENT_LIMIT = { max: 20, windowMs: 60_000 };

interface Campaign {
  id: string;
  name: string;
}

/** Stored, or refused because the sender used up her limit (nothing stored); intents never count toward progress. */
export type IntentOutcome = { id: string } | { retryInMs: number };

/**
 * Counts the intent against its sender's address and stores it only within the limit, in one statement: one
 * round trip and one commit. Counted apart and inside a transaction it took four round trips and two commits,
 * the most of any public write's time (issue 17). A refused intent counts too, as with every other limit.
 */
async function insertWithinLimit(
  db: Db,
  sender: string | null,
  now: Date,
  campaign: Campaign,
  input: DonationIntent,
): Promise<IntentOutcome> {
  const at = now.getTime();
  const { rows } = await db.execute<CounterRow & { id: string | null }>(sql`
    with counter as (${countOne(`intent:${sender ?? 'unknown'}`, INTENT_LIMIT.windowMs, at)}),
    intent as (
      insert into donation_intents (campaign_id, amount_cents, currency, payment_method, message, donor_name,
        donor_email, show_publicly, client_timestamp)
      select ${campaign.id}::uuid, ${dollarsToCents(input.amount)!}::bigint, 'USD', ${input.paymentMethod},
        ${input.message ?? null}::text, ${input.donorName ?? null}::text, ${input.donorEmail ?? null}::text,
        ${input.showPublicly ?? false}::boolean, ${new Date(input.timestamp).toISOString()}::timestamptz
      from counter where counter.count <= ${INTENT_LIMIT.max}
      returning id
    )
    select counter.count, counter.reset_at, intent.id from counter left join intent on true`);
  const row = rows[0]!;
  return row.id ? { id: row.id } : { retryInMs: countOf(row, at).resetInMs };
}

/** Stores what a donor said she was about to give: one statement, no transaction around it. */
export const recordIntent = oneStatement(
  ({ db, actor, now }, campaign: Campaign, input: DonationIntent): Promise<IntentOutcome> =>
    insertWithinLimit(db, actor.ip, now, campaign, input),
);

/** The same, with her wish for updates by email (a confirmation mail to her address). */
export async function recordIntentAndFollow(
  ctx: CommandContext,
  links: LinkSettings,
  campaign: Campaign,
  input: DonationIntent & { donorEmail: string },
): Promise<IntentOutcome> {
  const outcome = await insertWithinLimit(ctx.tx, ctx.actor.ip, ctx.now, campaign, input);
  if ('id' in outcome) await askForUpdates(ctx, links, campaign.id, campaign.name, input.donorEmail);
  return outcome;
}
