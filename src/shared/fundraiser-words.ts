/**
 * Patients' fundraisers' fixed words and bounds, without zod: the public fundraiser pages and the ledger read
 * them, and a signed-out reader never loads the form schemas (src/shared/schemas/fundraisers.ts re-exports them).
 */
import type { CostGroupKey } from './constants.ts';

export const FUNDRAISER_TITLE_MAX = 120;

/** What each cost group is called on the application form, in the review and on a fundraiser's ledger. */
export const COST_GROUP_LABELS: Record<CostGroupKey, string> = {
  'pre-op': 'Before surgery (tests, consultations, imaging)',
  surgery: 'Surgery (surgeon, anaesthesia, hospital)',
  'post-op': 'Recovery (follow-up, medication, physiotherapy)',
  travel: 'Travel and lodging',
};

/** The campaign a gift, an intent or an expense is for, in words: the main appeal, or the fundraiser's title. */
export const campaignFor = ({ fundraiserTitle }: { fundraiserTitle: string | null }) =>
  fundraiserTitle === null ? 'the main appeal' : `the fundraiser “${fundraiserTitle}”`;

/** Fundraisers per page of the public list. */
export const FUNDRAISERS_PAGE_SIZE = 10;

/** The list's orders: newest live first, nearest to its goal first, earliest planned treatment first. */
export const FUNDRAISER_SORTS = ['newest', 'nearly_funded', 'most_urgent'] as const;
export type FundraiserSort = (typeof FUNDRAISER_SORTS)[number];
