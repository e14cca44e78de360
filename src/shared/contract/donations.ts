/**
 * A donor's intent on any donate page (decision 012: the spec's `/api/donation-intent` is the main appeal's alias
 * of `/api/campaigns/:id/intents`), and the thank-you page's question whether her gift is counted.
 */
import { z } from 'zod';
import { UuidSchema } from '../schemas/common.ts';
import { DonationIntentCreatedSchema, DonationIntentSchema, GiftStatusSchema } from '../schemas/donation.ts';
import { endpoint } from './endpoint.ts';

const intent = {
  access: 'public',
  body: DonationIntentSchema,
  responses: { 201: DonationIntentCreatedSchema },
} as const;

export const campaignIntent = endpoint({
  method: 'POST',
  path: '/api/campaigns/:id/intents',
  params: z.strictObject({ id: UuidSchema }),
  ...intent,
});
export const mainAppealIntent = endpoint({ method: 'POST', path: '/api/donation-intent', ...intent });
export const giftStatus = endpoint({
  method: 'GET',
  path: '/api/gift-status/:reference',
  access: 'public',
  params: z.strictObject({ reference: z.string().max(20, 'A gift reference is HC- and a few letters') }),
  responses: { 200: GiftStatusSchema },
});
