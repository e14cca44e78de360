/** Donation intents (the donate page) and the donation read side. */
import { z } from 'zod';
import { DONATE_PAYMENT_METHODS, DONOR_NAME_MAX, MESSAGE_MAX } from '../constants.ts';
import { UPDATES_NEED_EMAIL } from '../update-messages.ts';
import { DollarAmountSchema, OptionalEmailSchema, optionalText } from './common.ts';

/** "Show my name and gift publicly": off unless the donor turns it on. */
export const showPubliclySchema = z.boolean({ error: 'Show publicly must be true or false' });

export const DonationIntentSchema = z
  .strictObject({
    amount: DollarAmountSchema,
    message: optionalText(MESSAGE_MAX, 'Message'),
    paymentMethod: z.enum(DONATE_PAYMENT_METHODS, {
      error: `Payment method must be one of: ${DONATE_PAYMENT_METHODS.join(', ')}`,
    }),
    timestamp: z.iso.datetime({ offset: true, error: 'Timestamp must be an ISO 8601 date-time' }),
    /** Optional, beside the spec's fields: the name to show, where the receipt goes, and consent to show them. */
    donorName: optionalText(DONOR_NAME_MAX, 'Name'),
    donorEmail: OptionalEmailSchema,
    showPublicly: showPubliclySchema.default(false),
    /** Also ask for the campaign's updates by email (mailed once she confirms the address). */
    followUpdates: z.boolean({ error: 'Follow updates must be true or false' }).default(false),
  })
  .refine((d) => !d.followUpdates || d.donorEmail, {
    message: UPDATES_NEED_EMAIL,
    path: ['donorEmail'],
  });
export type DonationIntentInput = z.input<typeof DonationIntentSchema>;
export type DonationIntent = z.output<typeof DonationIntentSchema>;

/** The intent stored: its id and the reference the donor adds to her payment's note (shared/payment-reference.ts). */
export const DonationIntentCreatedSchema = z.object({ id: z.uuid(), reference: z.string() });

/**
 * Whether the gift of a reference is counted yet (GET /api/gift-status/:reference, the thank-you page): nothing
 * about who gave or how much, so a guessed reference tells nothing personal.
 */
export const GiftStatusSchema = z.object({
  reference: z.string(),
  status: z.enum(['waiting', 'counted', 'refunded']),
  campaign: z.object({ name: z.string(), path: z.string() }),
});
export type GiftStatus = z.infer<typeof GiftStatusSchema>;

/** A signed-in donor's own gift (GET /api/user/profile `gifts`): recorded with her confirmed address. */
export const MyGiftSchema = z.object({
  id: z.string(),
  amount: z.object({ cents: z.number().int(), currency: z.string() }),
  usdCents: z.number().int(),
  paymentMethod: z.string(),
  recordedAt: z.string(),
  /** Voided gifts are not listed; `refundedCents` says what came back to her. */
  refundedCents: z.number().int(),
  shownPublicly: z.boolean(),
  /** The campaign it was recorded against, and its transparency page (the site's path). */
  campaign: z.object({ name: z.string(), transparencyPath: z.string() }),
});
export type MyGift = z.infer<typeof MyGiftSchema>;
