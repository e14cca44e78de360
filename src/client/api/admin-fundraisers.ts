/** The managers' review of patients' fundraiser applications: the queue by state, one application, decisions. */
import type { z } from 'zod';
import * as review from '#shared/contract/fundraiser-review.ts';
import type {
  AdminFundraiserList,
  ApplicationMessageDecisionSchema,
  MoneyChangeRefusalSchema,
} from '#shared/schemas/fundraisers.ts';
import { call, queryOf } from '#client/lib/api.ts';

export type FundraiserTab = AdminFundraiserList;

/** Each decision on an application, on a live one's money change, and closing a live one: its endpoint. */
const DECISIONS = {
  approve: review.approve,
  'request-changes': review.requestChanges,
  reject: review.reject,
  'money-change/approve': review.approveMoneyChange,
  'money-change/refuse': review.refuseMoneyChange,
  close: review.close,
} as const;
export type FundraiserDecision = keyof typeof DECISIONS;

/** One page of the applications in a state, the longest waiting first. */
export const fundraiserQueueQuery = (status: FundraiserTab, page: number) =>
  queryOf(review.queue, { query: { status, page } });

/** One submitted application with who applied, her documents and the history. */
export const reviewedFundraiserQuery = (id: string) => queryOf(review.application, { params: { id } });

/**
 * A decision, naming what the manager read (the application's `version`, or the money change's `revisionId`), with
 * the message she reads where the decision has one.
 */
export const decideFundraiser = (
  id: string,
  decision: FundraiserDecision,
  // Which fields a decision takes is its endpoint's body schema; each is one of these, checked by the server.
  body: Partial<z.input<typeof ApplicationMessageDecisionSchema> & z.input<typeof MoneyChangeRefusalSchema>>,
) => call(DECISIONS[decision] as typeof review.reject, { params: { id }, body: body as never });
