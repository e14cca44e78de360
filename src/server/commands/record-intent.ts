/** The donate page's intents: what a donor said they were about to give. */
import type { DonationIntent } from '#shared/schemas/donation.ts';
import { dollarsToCents } from '#shared/money.ts';
import { donationIntents } from '../db/schema/index.ts';
import type { CommandContext } from './run.ts';

/** Stores what a donor said they were about to give. Intents never count toward progress. */
export async function recordIntent(
  { tx }: CommandContext,
  campaignId: string,
  input: DonationIntent,
): Promise<{ id: string }> {
  const [row] = await tx
    .insert(donationIntents)
    .values({
      campaignId,
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
  return { id: row!.id };
}
