/** The managers' review of patients' fundraiser applications: the queue by state, one application, decisions. */
import type { z } from 'zod';
import type { Page } from '#shared/schemas/paging.ts';
import type {
  AdminFundraiserList,
  Fundraiser,
  FundraiserQueueItem,
  ReviewedFundraiser,
  ApplicationMessageDecisionSchema,
  MoneyChangeRefusalSchema,
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

/**
 * A decision, naming what the manager read (the application's `version`, or the money change's `revisionId`), with
 * the message she reads where the decision has one.
 */
export const decideFundraiser = (
  id: string,
  decision: FundraiserDecision,
  // Which fields a decision takes is the server's schema per path; each is one of these.
  input: Partial<z.input<typeof ApplicationMessageDecisionSchema> & z.input<typeof MoneyChangeRefusalSchema>>,
) => apiRequest<Fundraiser>('POST', `${fundraiserPath(id)}/${decision}`, input);
