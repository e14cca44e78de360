/** Patients' live fundraisers and any campaign's public figures, read by the server-rendered fundraiser pages. */
import * as campaign from '#shared/contract/campaign.ts';
import * as expenses from '#shared/contract/expenses.ts';
import * as fundraisers from '#shared/contract/fundraisers.ts';
import type { PublicFundraisersQuery } from '#shared/schemas/public-fundraisers.ts';
import { keyOf } from '#client/lib/api.ts';
import { pageQueryOf } from '#client/lib/page-query.ts';

/** GET /api/fundraisers: one page of live fundraisers in an order, optionally searched by title. */
export const publicFundraisersQuery = (query: PublicFundraisersQuery) => pageQueryOf(fundraisers.list, { query });
/** GET /api/fundraisers/:slug (404 for one that is not live or closed) */
export const publicFundraiserQuery = (slug: string) => pageQueryOf(fundraisers.bySlug, { params: { slug } });

/** GET /api/campaigns/:id/progress: any campaign's raised, goal and gift count. */
export const campaignProgressQuery = (idOrSlug: string) => pageQueryOf(campaign.progress, { params: { id: idOrSlug } });
/** GET /api/campaigns/:id/supporters: any campaign's most recent gifts. */
export const campaignSupportersQuery = (idOrSlug: string) =>
  pageQueryOf(campaign.supporters, { params: { id: idOrSlug } });
/**
 * The key of any campaign's ledger, the main appeal's too (hooks/use-ledger.ts). Here, not with the main appeal's reads in
 * api/campaign.ts, so that a fundraiser's pages load none of those.
 */
export const ledgerKey = (slug: string) => keyOf(expenses.ledger, { params: { id: slug } });
/** GET /api/campaigns/:id/ledger */
export const campaignLedgerQuery = (idOrSlug: string) => pageQueryOf(expenses.ledger, { params: { id: idOrSlug } });
