/** Patients' fundraisers as the public reads them (decision 009): the list at /fundraisers and one fundraiser's page. */
import { z } from 'zod';
import type { CostGroupKey } from '../constants.ts';
import { FUNDRAISER_TITLE_MAX } from '../fundraiser-words.ts';
import type { PayeeKind } from './fundraisers.ts';
import type { PublicMedicalReview } from './medical-reviews.ts';
import type { FundraiserUpdate } from './live-fundraisers.ts';
import { pageParam } from './paging.ts';

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

export interface PublicFundraiserImage {
  url: string;
  alt: string;
}

/** A live fundraiser in the public list: its figures come from the ledger's running totals. */
export interface PublicFundraiserSummary {
  slug: string;
  title: string;
  /** Plain text from the start of the story. */
  excerpt: string;
  image: PublicFundraiserImage | null;
  goalCents: number;
  raisedCents: number;
  donationCount: number;
  /** Whole percent of the goal raised (may pass 100). */
  percent: number;
  currency: 'USD';
  /** When the treatment is planned (YYYY-MM-DD), if the patient said. */
  neededBy: string | null;
  organiserFirstName: string;
  /** The verified doctor whose attestation of its plan stands, by name ("Dr. ..."); the page names her fully. */
  medicallyReviewedBy: string | null;
}

/**
 * One live or closed fundraiser (GET /api/fundraisers/:slug). Never its documents, and of the payee only the
 * name and whether it is the care provider or the patient: how the money reaches the provider is free text
 * written for the reviewers, where a patient may well put account numbers.
 */
export interface PublicFundraiser {
  slug: string;
  campaignId: string;
  status: 'live' | 'closed';
  title: string;
  /** The story as written, and as safe HTML rendered by the server (the stories' Markdown subset). */
  story: string;
  storyHtml: string;
  images: PublicFundraiserImage[];
  costGroups: { key: CostGroupKey; label: string; amountCents: number; note: string }[];
  goalCents: number;
  currency: 'USD';
  neededBy: string | null;
  organiserFirstName: string;
  payee: { name: string; kind: PayeeKind } | null;
  /** When it went live (ISO). */
  liveSince: string;
  /** The verified doctor who attested its plan, while the attestation stands (never her note). */
  medicalReview: PublicMedicalReview | null;
  /** The owner's dated updates, newest first (at most FUNDRAISER_UPDATES_SHOWN). */
  updates: FundraiserUpdate[];
}
