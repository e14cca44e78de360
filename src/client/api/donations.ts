/**
 * What a donor sends from a donate page: her intent. Apart from the refund request (refund-requests.ts), so the donate
 * pages' chunk holds it rather than a chunk of its own (docs/performance.md).
 */
import type { z } from 'zod';
import type { DonationIntentCreatedSchema, DonationIntentSchema } from '#shared/schemas/donation.ts';
import { apiRequest } from '#client/lib/api.ts';

/** POST /api/donation-intent: records what the donor chose before leaving for the payment platform. */
export const createDonationIntent = (input: z.input<typeof DonationIntentSchema>) =>
  apiRequest<z.infer<typeof DonationIntentCreatedSchema>>('POST', '/api/donation-intent', input);

/** POST /api/campaigns/:id/intents: the same for one campaign (a patient's live fundraiser). */
export const createCampaignIntent = (campaignId: string, input: z.input<typeof DonationIntentSchema>) =>
  apiRequest<z.infer<typeof DonationIntentCreatedSchema>>(
    'POST',
    `/api/campaigns/${encodeURIComponent(campaignId)}/intents`,
    input,
  );
