/** What a donor sends: the donate page's intent and the refund request. */
import type { z } from 'zod';
import type { DonationIntentCreatedSchema, DonationIntentSchema } from '#shared/schemas/donation.ts';
import type { RefundRequestSchema } from '#shared/schemas/spending.ts';
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

/** POST /api/refund-requests */
export const createRefundRequest = (input: z.input<typeof RefundRequestSchema>) =>
  apiRequest<{ id: string }>('POST', '/api/refund-requests', input);
