/** The donate page's intents: what a donor said they were about to give. */
import type { DonationIntent } from '#shared/schemas/donation.ts';
import { dollarsToCents } from '#shared/money.ts';
import { donationIntents } from '../db/schema/index.ts';
import type { LinkSettings } from './accounts.ts';
import type { CommandContext } from './run.ts';
import { askForUpdates } from './update-followers.ts';

/**
 * Stores what a donor said they were about to give, and her wish for updates by email when she asked.
 * Intents never count toward progress.
 */
export async function recordIntent(
  ctx: CommandContext,
  links: LinkSettings,
  campaign: { id: string; name: string },
  input: DonationIntent,
): Promise<{ id: string }> {
  const [row] = await ctx.tx
    .insert(donationIntents)
    .values({
      campaignId: campaign.id,
      // The schema has already checked for at most two decimals.
      amountCents: dollarsToCents(input.amount)!,
      currency: 'USD',
      paymentMethod: input.paymentMethod,
      message: input.message,
      donorName: input.donorName,
      donorEmail: input.donorEmail,
      showPublicly: input.showPublicly,
      clientTimestamp: new Date(input.timestamp),
    })
    .returning({ id: donationIntents.id });
  if (input.followUpdates && input.donorEmail)
    await askForUpdates(ctx, links, campaign.id, campaign.name, input.donorEmail);
  return { id: row!.id };
}
