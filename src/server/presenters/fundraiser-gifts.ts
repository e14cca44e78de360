import { publicDonorName } from '#shared/schemas/campaign.ts';
import type { OwnGift } from '#shared/schemas/fundraiser-gifts.ts';
import type { OwnGiftRow } from '../db/queries/fundraiser-gifts.ts';

/**
 * A gift as the fundraiser's owner reads it: the donor's name and message only with her consent (as on the public
 * pages), whether a thank-you reaches her, and never her address.
 */
export function presentOwnGift({ gift, thankable }: OwnGiftRow): OwnGift {
  const name = publicDonorName(gift);
  return {
    id: gift.id,
    name,
    message: name && gift.message && !gift.messageHiddenAt ? gift.message : null,
    amount: { cents: gift.amountCents, currency: gift.currency as OwnGift['amount']['currency'] },
    recordedAt: gift.createdAt.toISOString(),
    canThank: thankable,
    thankedAt: gift.ownerThankedAt?.toISOString() ?? null,
  };
}
