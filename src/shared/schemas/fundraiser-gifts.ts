/**
 * A fundraiser's gifts as its owner reads them on /my-fundraiser (issue 34), and the thank-you she sends to the donors
 * who left an email address. A donor's name and message show only where she agreed to be shown; an address never.
 */
import { z } from 'zod';
import { MoneySchema } from './campaign.ts';
import { pageSchema } from './paging.ts';

/** The longest thank-you: one short message, not a newsletter. */
export const THANK_YOU_MAX = 1000;

/** A gift to her fundraiser: who (only with the donor's consent), how much, when, and whether a thank-you reaches her. */
export const OwnGiftSchema = z.object({
  id: z.string(),
  /** The donor's name where she agreed to show it; null shows as "Anonymous". */
  name: z.string().nullable(),
  /** Her message, with the same consent (and not hidden by a moderator). */
  message: z.string().nullable(),
  amount: MoneySchema,
  recordedAt: z.string(),
  /** She left an email address and this gift is not thanked yet, so the next thank-you reaches her (never the address). */
  canThank: z.boolean(),
  /** When its owner's thank-you for this gift was sent (each gift is thanked once). */
  thankedAt: z.string().nullable(),
});
export type OwnGift = z.infer<typeof OwnGiftSchema>;

/** GET /api/my-fundraiser/gifts?page=: a page of her gifts, newest first, and how many donors a thank-you reaches. */
export const OwnGiftsSchema = pageSchema(OwnGiftSchema).extend({
  /** Donors the next thank-you is mailed to: each address of a gift not thanked yet, once. */
  thankable: z.number().int(),
});
export type OwnGifts = z.infer<typeof OwnGiftsSchema>;

/** POST /api/my-fundraiser/thank-donors: one short message, mailed once to each donor of a gift not thanked yet. */
export const ThankDonorsSchema = z.strictObject({
  message: z
    .string({ error: 'Write your thank-you' })
    .trim()
    .min(1, 'Write your thank-you')
    .max(THANK_YOU_MAX, `Keep your thank-you under ${THANK_YOU_MAX.toLocaleString('en-US')} characters`),
});
export type ThankDonorsInput = z.input<typeof ThankDonorsSchema>;
