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

/** GET /api/admin/analytics: the figures of a range of whole UTC days. */
export const AnalyticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  daily: z.array(z.object({ day: z.string(), views: z.number(), visitors: z.number() })),
  topPages: z.array(z.object({ path: z.string(), views: z.number() })),
  funnel: z.array(z.object({ step: z.string(), count: z.number() })),
  intentsByMethod: z.array(z.object({ method: z.string().nullable(), intents: z.number() })),
  clicksByMethod: z.array(z.object({ method: z.string().nullable(), clicks: z.number() })),
  donationsDaily: z.array(z.object({ day: z.string(), donations: z.number(), usd_cents: z.number() })),
});
export type AnalyticsReport = z.infer<typeof AnalyticsReportSchema>;

/** GET /api/admin/analytics (and .csv): a range of whole UTC days, of the whole site or one fundraiser. */
export const AnalyticsRangeSchema = z.strictObject({
  from: z.iso.date('from must be a date (YYYY-MM-DD)'),
  to: z.iso.date('to must be a date (YYYY-MM-DD)'),
  /** One patient's fundraiser by its address: its pages and its money only. */
  fundraiser: z.string().trim().min(1).max(200, 'fundraiser must be a fundraiser’s address').optional(),
});
