/**
 * What a donor sends from a donate page (her intent) and reads on the thank-you page (whether her gift is counted).
 * Apart from the refund request (refund-requests.ts), so the chunk that records a gift (routes/public/gift-sent.tsx,
 * loaded once she has an amount) holds it.
 */
import type { z } from 'zod';
import * as donations from '#shared/contract/donations.ts';
import type { DonationIntentSchema } from '#shared/schemas/donation.ts';
import { call, keyOf } from '#client/lib/api.ts';

/**
 * Records what the donor chose before leaving for the payment platform: POST /api/campaigns/:id/intents for the
 * campaign named, or the spec's POST /api/donation-intent (its alias for the main appeal) when none is. The answer
 * carries the gift's reference, which her payment's note brings back.
 */
export const createDonationIntent = (body: z.input<typeof DonationIntentSchema>, campaignId?: string) =>
  campaignId
    ? call(donations.campaignIntent, { params: { id: campaignId }, body })
    : call(donations.mainAppealIntent, { body });

/** Whether the gift of a reference (`HC-7KQ3`) is counted yet: GET /api/gift-status/:reference, 404 for none. */
export const giftStatus = (reference: string) => call(donations.giftStatus, { params: { reference } });
export const giftStatusKey = (reference: string | null | undefined) =>
  keyOf(donations.giftStatus, { params: { reference: reference ?? '' } });
