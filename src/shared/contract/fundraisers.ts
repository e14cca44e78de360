/** Patients' fundraisers as anyone reads them (decision 009), and the admins' review of them. */
import {
  FundraiserSlugParamsSchema,
  PublicFundraiserSchema,
  PublicFundraisersPageSchema,
  PublicFundraisersQuerySchema,
} from '../schemas/public-fundraisers.ts';
import { endpoint } from './endpoint.ts';

export const list = endpoint({
  method: 'GET',
  path: '/api/fundraisers',
  access: 'public',
  resource: 'fundraisers',
  query: PublicFundraisersQuerySchema,
  responses: { 200: PublicFundraisersPageSchema },
});
export const bySlug = endpoint({
  method: 'GET',
  path: '/api/fundraisers/:slug',
  access: 'public',
  resource: 'fundraisers',
  params: FundraiserSlugParamsSchema,
  responses: { 200: PublicFundraiserSchema },
});
