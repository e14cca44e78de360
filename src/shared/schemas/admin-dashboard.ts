/** GET /api/admin/dashboard: the queues every admin works, and money figures for managers and above only. */
import { z } from 'zod';

/** What waits for a moderator or anyone above. */
export const DashboardQueuesSchema = z.object({
  pendingDoctorVerifications: z.number().int(),
  pendingStories: z.number().int(),
  oldestPendingStoryAt: z.string().nullable(),
  newContactMessages: z.number().int(),
  /** Mail the queue gave up on after a day of tries (the failed-deliveries page lists them, decision 011). */
  failedMail: z.number().int(),
  /** Campaign details that are still the seed's examples: the "not ready to take gifts" checklist. */
  notReady: z.array(z.object({ field: z.string(), value: z.string() })),
});

/** One live fundraiser's money, from its campaign's running totals (USD cents). */
export const FundraiserMoneySchema = z.object({
  slug: z.string(),
  title: z.string(),
  goalCents: z.number().int(),
  raisedCents: z.number().int(),
  heldCents: z.number().int(),
  releasedCents: z.number().int(),
  donationCount: z.number().int(),
});
export type FundraiserMoney = z.infer<typeof FundraiserMoneySchema>;

/** Money figures: a moderator's answer leaves these out (they need none of them for their work). */
export const DashboardMoneySchema = z.object({
  totalRaisedCents: z.number().int(),
  todayRaisedCents: z.number().int(),
  /** People who gave: each email address once, each gift without one as one person (gifts that stand). */
  donorCount: z.number().int(),
  openIntents: z.number().int(),
  oldestOpenIntentAt: z.string().nullable(),
  /** Patients' fundraisers: how many wait for review and are live, and the live ones holding the most money. */
  fundraisers: z.object({
    inReview: z.number().int(),
    live: z.number().int(),
    mostHeld: z.array(FundraiserMoneySchema),
  }),
});

export const DashboardFiguresSchema = DashboardQueuesSchema.extend(DashboardMoneySchema.partial().shape);
export type DashboardQueues = z.infer<typeof DashboardQueuesSchema>;
export type DashboardMoney = z.infer<typeof DashboardMoneySchema>;
export type DashboardFigures = z.infer<typeof DashboardFiguresSchema>;
