/**
 * A fundraiser's owner thanks her donors (issue 34): one short message, mailed after the commit to each donor who
 * left an email address with a gift she has not thanked yet, once per address however many gifts; each gift is
 * thanked once (the address was left for a receipt, not for a newsletter). The step and its words go in the
 * fundraiser's history. The same words again within a day (a second tap, a retry) are the same thank-you:
 * answered, not mailed again.
 */
import { and, countDistinct, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import type { ThankDonorsSchema } from '#shared/schemas/fundraiser-gifts.ts';
import type { Tx } from '../db/client.ts';
import { ownFundraiser } from '../db/queries/fundraisers.ts';
import { claimThankableGifts } from '../db/queries/fundraiser-gifts.ts';
import { campaigns, donations, fundraiserEvents, fundraisers } from '../db/schema/index.ts';
import { donorThanksMail } from '../services/mail-templates.ts';
import type { UserRow } from '../services/sessions.ts';
import type { LinkSettings } from './accounts.ts';
import { record } from './fundraiser-history.ts';
import type { CommandContext } from './run.ts';

/** How long the same words count as the same thank-you. */
const SAME_THANKS_MS = 24 * 60 * 60 * 1000;

/** Her thank-you's words within the last day, and how many donors it reached; null when she sent none. */
async function lastThanks(tx: Tx, fundraiserId: string, campaignId: string, now: Date) {
  const [last] = await tx
    .select({ message: fundraiserEvents.message })
    .from(fundraiserEvents)
    .where(
      and(
        eq(fundraiserEvents.fundraiserId, fundraiserId),
        eq(fundraiserEvents.action, 'thank_you_sent'),
        gt(fundraiserEvents.createdAt, new Date(now.getTime() - SAME_THANKS_MS)),
      ),
    )
    .orderBy(desc(fundraiserEvents.createdAt))
    .limit(1);
  if (!last) return null;
  const latest = tx
    .select({ at: sql`max(${donations.ownerThankedAt})` })
    .from(donations)
    .where(eq(donations.campaignId, campaignId));
  const [reached] = await tx
    .select({ n: countDistinct(sql`lower(${donations.donorEmail})`) })
    .from(donations)
    .where(and(eq(donations.campaignId, campaignId), eq(donations.ownerThankedAt, sql`(${latest})`)));
  return { message: last.message, sent: reached?.n ?? 0 };
}

/** Why there is no one to send it to: no donor left an address, or every one who did has been thanked. */
async function noOneLeft(tx: Tx, campaignId: string): Promise<never> {
  const [anyAddress] = await tx
    .select({ id: donations.id })
    .from(donations)
    .where(and(eq(donations.campaignId, campaignId), isNull(donations.voidedAt), isNotNull(donations.donorEmail)))
    .limit(1);
  throw new AppError(
    'CONFLICT',
    anyAddress
      ? 'Every donor who left an email address has been thanked; you can thank new donors when they give'
      : 'No donor has left an email address yet, so there is no one to send it to',
  );
}

/** Mails her thank-you to the donors of the gifts she has not thanked yet; refused when there are none. */
export async function thankDonors(
  { tx, afterCommit, now }: CommandContext,
  links: LinkSettings,
  owner: UserRow,
  input: z.output<typeof ThankDonorsSchema>,
): Promise<{ sent: number }> {
  const row = await ownFundraiser(tx, owner.id);
  // Only an approved fundraiser has a campaign, and so gifts.
  if (!row?.campaignId) throw new AppError('NOT_FOUND', 'You have no fundraiser that takes gifts yet');
  // Held while deciding, so two requests with the same words cannot both mail.
  await tx.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.id, row.id)).for('update');
  const last = await lastThanks(tx, row.id, row.campaignId, now);
  if (last?.message === input.message) return { sent: last.sent };
  const { ids, addresses } = await claimThankableGifts(tx, row.campaignId);
  if (ids.length === 0) return noOneLeft(tx, row.campaignId);
  await tx
    .update(donations)
    .set({ ownerThankedAt: now })
    .where(sql`${donations.id} in ${ids}`);
  const [campaign] = await tx.select({ slug: campaigns.slug }).from(campaigns).where(eq(campaigns.id, row.campaignId));
  await record(tx, row.id, owner.id, 'thank_you_sent', input.message);
  const thanks = {
    organiser: owner.firstName,
    campaign: `the fundraiser “${row.title ?? 'A fundraiser'}”`,
    message: input.message,
    pageUrl: `${links.publicUrl}/fundraisers/${encodeURIComponent(campaign!.slug)}`,
  };
  afterCommit.mailInBackground(
    addresses.map((to, i) => ({
      // Never the address in a key: keys are stored and shown as they are.
      key: `donor-thanks:${row.id}:${now.toISOString()}:${i}`,
      kind: 'donor-thanks' as const,
      message: (product: string) => donorThanksMail(product, { to, ...thanks }),
    })),
  );
  return { sent: addresses.length };
}
