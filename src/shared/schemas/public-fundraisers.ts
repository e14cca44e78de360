/** Patients' fundraisers as the public reads them (decision 009): the list at /fundraisers and one fundraiser's page. */
import { z } from 'zod';
import { COST_GROUP_KEYS } from '../constants.ts';
import { FUNDRAISER_TITLE_MAX } from '../fundraiser-words.ts';
import { PAYEE_KINDS } from './fundraisers.ts';
import { ReviewingDoctorSchema } from './medical-reviews.ts';
import { FundraiserUpdateViewSchema } from './live-fundraisers.ts';
import { pageParam, pageSchema } from './paging.ts';

import { FUNDRAISER_SORTS } from '../fundraiser-words.ts';

export { FUNDRAISER_SORTS, FUNDRAISERS_PAGE_SIZE, type FundraiserSort } from '../fundraiser-words.ts';

/** A choice left empty in a form (`?sort=&q=`) means none. */
const blankIsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * GET /api/fundraisers. Unknown parameters (a campaign tag on a shared link) are ignored, not refused, as for the
 * doctors' directory; a bad sort, page or search is a 400.
 */
export const PublicFundraisersQuerySchema = z.object({
  sort: z.preprocess(
    blankIsAbsent,
    z.enum(FUNDRAISER_SORTS, { error: 'Sort by newest, nearly_funded or most_urgent' }).default('newest'),
  ),
  q: z.preprocess(
    blankIsAbsent,
    z
      .string({ error: 'Search for words of a title' })
      .trim()
      .max(FUNDRAISER_TITLE_MAX, `Search with at most ${FUNDRAISER_TITLE_MAX} characters`)
      .optional(),
  ),
  page: pageParam,
});
export type PublicFundraisersQuery = z.output<typeof PublicFundraisersQuerySchema>;

/** A fundraiser's address (`campaigns.slug`): lower-case words joined by hyphens. */
export const FundraiserSlugParamsSchema = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'Not a fundraiser address'),
});

/** A campaign by its id or its slug (`/api/campaigns/:id/...`). */
export const CampaignParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const PublicFundraiserImageSchema = z.object({ url: z.string(), alt: z.string() });
export type PublicFundraiserImage = z.infer<typeof PublicFundraiserImageSchema>;

/** A live fundraiser in the public list: its figures come from the ledger's running totals. */
export const PublicFundraiserSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** Plain text from the start of the story. */
  excerpt: z.string(),
  image: PublicFundraiserImageSchema.nullable(),
  goalCents: z.number().int(),
  raisedCents: z.number().int(),
  donationCount: z.number().int(),
  /** Whole percent of the goal raised (may pass 100). */
  percent: z.number(),
  currency: z.literal('USD'),
  /** When the treatment is planned (YYYY-MM-DD), if the patient said. */
  neededBy: z.string().nullable(),
  organiserName: z.string(),
  /** The verified doctor whose attestation of its plan stands, by name ("Dr. ..."); the page names her fully. */
  medicallyReviewedBy: z.string().nullable(),
});
export type PublicFundraiserSummary = z.infer<typeof PublicFundraiserSummarySchema>;
/** GET /api/fundraisers */
export const PublicFundraisersPageSchema = pageSchema(PublicFundraiserSummarySchema);

/**
 * One live or closed fundraiser (GET /api/fundraisers/:slug). Never its documents, and of the payee only the
 * name and whether it is the care provider or the patient: how the money reaches the provider is free text
 * written for the reviewers, where a patient may well put account numbers.
 */
export const PublicFundraiserSchema = z.object({
  slug: z.string(),
  campaignId: z.string(),
  status: z.enum(['live', 'closed']),
  title: z.string(),
  /** The story as written, and as safe HTML rendered by the server (the stories' Markdown subset). */
  story: z.string(),
  storyHtml: z.string(),
  images: z.array(PublicFundraiserImageSchema),
  costGroups: z.array(
    z.object({ key: z.enum(COST_GROUP_KEYS), label: z.string(), amountCents: z.number().int(), note: z.string() }),
  ),
  goalCents: z.number().int(),
  currency: z.literal('USD'),
  neededBy: z.string().nullable(),
  organiserName: z.string(),
  payee: z.object({ name: z.string(), kind: z.enum(PAYEE_KINDS) }).nullable(),
  /** When it went live (ISO). */
  liveSince: z.string(),
  /** The verified doctor who attested its plan, while the attestation stands (never her note). */
  medicalReview: ReviewingDoctorSchema.nullable(),
  /** The owner's dated updates, newest first (at most FUNDRAISER_UPDATES_SHOWN). */
  updates: z.array(FundraiserUpdateViewSchema),
});
export type PublicFundraiser = z.infer<typeof PublicFundraiserSchema>;
