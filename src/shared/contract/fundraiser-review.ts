/**
 * The managers' review of patients' fundraisers (decision 009): the queue by state, one application, the decisions
 * on it, on a live one's money change, and closing a live one. Each decision names what the manager read (the
 * application's `version`, or the money change's `revisionId`) and answers the fundraiser as it now stands.
 */
import {
  AdminFundraisersQuerySchema,
  ApplicationDecisionSchema,
  ApplicationMessageDecisionSchema,
  FundraiserQueueItemSchema,
  FundraiserSchema,
  MoneyChangeDecisionSchema,
  MoneyChangeRefusalSchema,
  ReviewedFundraiserSchema,
  ReviewMessageSchema,
} from '../schemas/fundraisers.ts';
import { IdParamsSchema } from '../schemas/common.ts';
import { pageSchema } from '../schemas/paging.ts';
import { endpoint } from './endpoint.ts';

const manager = { admin: 'manager' } as const;
const PATH = '/api/admin/fundraisers';
/** A decision moves the queue, the fundraiser's public page and the dashboard's counts. */
const decision = {
  method: 'POST',
  access: manager,
  params: IdParamsSchema,
  responses: { 200: FundraiserSchema },
  changes: ['fundraisers', 'dashboard'],
} as const;

export const queue = endpoint({
  method: 'GET',
  path: PATH,
  access: manager,
  resource: 'fundraisers',
  query: AdminFundraisersQuerySchema,
  responses: { 200: pageSchema(FundraiserQueueItemSchema) },
});
export const application = endpoint({
  method: 'GET',
  path: `${PATH}/:id`,
  access: manager,
  resource: 'fundraisers',
  params: IdParamsSchema,
  responses: { 200: ReviewedFundraiserSchema },
});
export const approve = endpoint({ ...decision, path: `${PATH}/:id/approve`, body: ApplicationDecisionSchema });
export const requestChanges = endpoint({
  ...decision,
  path: `${PATH}/:id/request-changes`,
  body: ApplicationMessageDecisionSchema,
});
export const reject = endpoint({ ...decision, path: `${PATH}/:id/reject`, body: ApplicationMessageDecisionSchema });
export const approveMoneyChange = endpoint({
  ...decision,
  path: `${PATH}/:id/money-change/approve`,
  body: MoneyChangeDecisionSchema,
});
export const refuseMoneyChange = endpoint({
  ...decision,
  path: `${PATH}/:id/money-change/refuse`,
  body: MoneyChangeRefusalSchema,
});
export const close = endpoint({ ...decision, path: `${PATH}/:id/close`, body: ReviewMessageSchema });
