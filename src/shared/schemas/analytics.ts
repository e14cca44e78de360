/** First-party analytics events sent by the client (POST /api/events). */
import { z } from 'zod';
import { DONATE_PAYMENT_METHODS } from '../constants.ts';
import { DollarAmountSchema } from './common.ts';

const PathSchema = z
  .string()
  .max(300, 'Path must be at most 300 characters')
  .regex(/^\/(?!\/)[^\s?#]*$/, 'Path must be a site path starting with /');

export const AnalyticsEventSchema = z.discriminatedUnion(
  'name',
  [
    z.strictObject({ name: z.literal('page_view'), path: PathSchema }),
    z.strictObject({ name: z.literal('tiktok_video_click'), path: PathSchema }),
    z.strictObject({ name: z.literal('donate_click'), path: PathSchema }),
    z.strictObject({ name: z.literal('donate_button_click'), path: PathSchema }),
    z.strictObject({
      name: z.literal('donation_click'),
      path: PathSchema,
      method: z.enum(DONATE_PAYMENT_METHODS, { error: 'Unknown payment method' }),
      amount: DollarAmountSchema,
    }),
  ],
  { error: 'Unknown event name' },
);
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;
