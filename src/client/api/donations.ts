/**
 * What a donor sends from a donate page (her intent) and reads on the thank-you page (whether her gift is counted).
 * Apart from the refund request (refund-requests.ts), so the chunk that records a gift (routes/public/gift-sent.tsx,
 * loaded once she has an amount) holds it.
 */
import type { z } from 'zod';
import type { DonationIntentCreatedSchema, DonationIntentSchema, GiftStatus } from '#shared/schemas/donation.ts';
import { apiGet, apiRequest } from '#client/lib/api.ts';

/**
 * Records what the donor chose before leaving for the payment platform: POST /api/campaigns/:id/intents for the
 * campaign named, or the spec's POST /api/donation-intent (its alias for the main appeal) when none is. The answer
 * carries the gift's reference, which her payment's note brings back.
 */
export const createDonationIntent = (input: z.input<typeof DonationIntentSchema>, campaignId?: string) =>
  apiRequest<z.infer<typeof DonationIntentCreatedSchema>>(
    'POST',
    campaignId ? `/api/campaigns/${encodeURIComponent(campaignId)}/intents` : '/api/donation-intent',
    input,
  );

/** Whether the gift of a reference (`HC-7KQ3`) is counted yet: GET /api/gift-status/:reference, 404 for none. */
export const giftStatus = (reference: string) =>
  apiGet<GiftStatus>(`/api/gift-status/${encodeURIComponent(reference)}`);
