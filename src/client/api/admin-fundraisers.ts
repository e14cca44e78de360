/** The managers' review of patients' fundraiser applications: the queue by state, one application, decisions. */
import type { z } from 'zod';
import type { Page } from '#shared/schemas/paging.ts';
import type {
  AdminFundraiserList,
  Fundraiser,
  FundraiserQueueItem,
  ReviewedFundraiser,
  ReviewMessageSchema,
} from '#shared/schemas/fundraisers.ts';
import { apiGet, apiRequest, withQuery } from '#client/lib/api.ts';

const PATH = '/api/admin/fundraisers';
const fundraiserPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;
export const ADMIN_FUNDRAISERS_KEY = [PATH] as const;
export const reviewedFundraiserKey = (id: string) => [PATH, id] as const;

export type FundraiserTab = AdminFundraiserList;
/** Decisions on an application, on a live one's money change, and closing a live one. */
export type FundraiserDecision =
  'approve' | 'request-changes' | 'reject' | 'money-change/approve' | 'money-change/refuse' | 'close';

/** One page of the applications in a state, the longest waiting first. */
export const listFundraisers = (status: FundraiserTab, page: number) =>
  apiGet<Page<FundraiserQueueItem>>(withQuery(PATH, { status, page }));

/** One submitted application with who applied, her documents and the history. */
export const reviewedFundraiser = (id: string) => apiGet<ReviewedFundraiser>(fundraiserPath(id));

/** Approve (no message), or send back for changes or refuse with the message she reads. */
export const decideFundraiser = (
  id: string,
  decision: FundraiserDecision,
  input: z.input<typeof ReviewMessageSchema> | Record<string, never> = {},
) => apiRequest<Fundraiser>('POST', `${fundraiserPath(id)}/${decision}`, input);
