/** Patients' live fundraisers and any campaign's public figures, read by the server-rendered fundraiser pages. */
import type { Progress, Supporters } from '#shared/schemas/campaign.ts';
import type { Page } from '#shared/schemas/paging.ts';
import type {
  PublicFundraiser,
  PublicFundraiserSummary,
  PublicFundraisersQuery,
} from '#shared/schemas/public-fundraisers.ts';
import type { Ledger } from '#shared/schemas/spending.ts';
import { withQuery } from '#client/lib/api.ts';
import { pageQuery } from '#client/lib/page-query.ts';

const FUNDRAISERS_PATH = '/api/fundraisers';
const campaignPath = (idOrSlug: string) => `/api/campaigns/${encodeURIComponent(idOrSlug)}`;

/** GET /api/fundraisers: one page of live fundraisers in an order, optionally searched by title. */
export const publicFundraisersQuery = (query: PublicFundraisersQuery) =>
  pageQuery<Page<PublicFundraiserSummary>>([FUNDRAISERS_PATH, query], withQuery(FUNDRAISERS_PATH, query));
/** GET /api/fundraisers/:slug (404 for one that is not live or closed) */
export const publicFundraiserQuery = (slug: string) =>
  pageQuery<PublicFundraiser>([FUNDRAISERS_PATH, slug], `${FUNDRAISERS_PATH}/${encodeURIComponent(slug)}`);

/** GET /api/campaigns/:id/progress: any campaign's raised, goal and gift count. */
export const campaignProgressQuery = (idOrSlug: string) =>
  pageQuery<Progress>(['/api/campaigns', idOrSlug, 'progress'], `${campaignPath(idOrSlug)}/progress`);
/** GET /api/campaigns/:id/supporters: any campaign's most recent gifts. */
export const campaignSupportersQuery = (idOrSlug: string) =>
  pageQuery<Supporters>(['/api/campaigns', idOrSlug, 'supporters'], `${campaignPath(idOrSlug)}/supporters`);
/**
 * The key of any campaign's ledger, the main appeal's too (hooks/use-ledger.ts). Here, not with the main appeal's reads in
 * api/campaign.ts, so that a fundraiser's pages load none of those.
 */
export const ledgerKey = (slug: string) => ['/api/campaigns', slug, 'ledger'] as const;
/** GET /api/campaigns/:id/ledger */
export const campaignLedgerQuery = (idOrSlug: string) =>
  pageQuery<Ledger>(ledgerKey(idOrSlug), `${campaignPath(idOrSlug)}/ledger`);
