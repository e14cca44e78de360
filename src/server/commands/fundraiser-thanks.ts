/**
 * A fundraiser's owner thanks her donors (issue 34): one short message, mailed after the commit to each donor who
 * left an email address, once however many gifts she made; the step and its words go in the fundraiser's history.
 * The same words again within a day (a second tap, a retry) are the same thank-you: answered, not mailed again.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import type { ThankDonorsSchema } from '#shared/schemas/fundraiser-gifts.ts';
import { ownFundraiser } from '../db/queries/fundraisers.ts';
import { thankableAddresses } from '../db/queries/fundraiser-gifts.ts';
import { campaigns, fundraiserEvents, fundraisers } from '../db/schema/index.ts';
import { donorThanksMail } from '../services/mail-templates.ts';
import type { UserRow } from '../services/sessions.ts';
import type { LinkSettings } from './accounts.ts';
import { record } from './fundraiser-history.ts';
import type { CommandContext } from './run.ts';

/** How long the same words count as the same thank-you. */
const SAME_THANKS_MS = 24 * 60 * 60 * 1000;

/** Mails her thank-you to her donors who left an address; refused when she has no fundraiser that took gifts, or none left one. */
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
  const addresses = await thankableAddresses(tx, row.campaignId);
  if (addresses.length === 0)
    throw new AppError('CONFLICT', 'No donor has left an email address yet, so there is no one to send it to');
  const [last] = await tx
    .select({ message: fundraiserEvents.message })
    .from(fundraiserEvents)
    .where(
      and(
        eq(fundraiserEvents.fundraiserId, row.id),
        eq(fundraiserEvents.action, 'thank_you_sent'),
        gt(fundraiserEvents.createdAt, new Date(now.getTime() - SAME_THANKS_MS)),
      ),
    )
    .orderBy(desc(fundraiserEvents.createdAt))
    .limit(1);
  if (last?.message === input.message) return { sent: addresses.length };
  const [campaign] = await tx.select({ slug: campaigns.slug }).from(campaigns).where(eq(campaigns.id, row.campaignId));
  await record(tx, row.id, owner.id, 'thank_you_sent', input.message);
  const thanks = {
    organiser: owner.firstName,
    campaign: `the fundraiser “${row.title ?? 'A fundraiser'}”`,
    message: input.message,
    pageUrl: `${links.publicUrl}/fundraisers/${encodeURIComponent(campaign!.slug)}`,
  };
  afterCommit.mailInBackground(addresses.map((to) => (product: string) => donorThanksMail(product, { to, ...thanks })));
  return { sent: addresses.length };
}
