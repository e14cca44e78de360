/** The campaign's public figures (progress, ledger) and following its updates. */
import type { FollowStatus, Progress, Supporters } from '#shared/schemas/campaign.ts';
import type { Ledger } from '#shared/schemas/spending.ts';
import { apiGet, apiRequest } from '#client/lib/api.ts';

export const PROGRESS_KEY = ['/api/fundraising/progress'] as const;
/** GET /api/fundraising/progress */
export const getProgress = () => apiGet<Progress>(PROGRESS_KEY[0]);

const campaignPath = (slug: string) => `/api/campaigns/${encodeURIComponent(slug)}`;

/** GET /api/campaigns/:id/supporters: a campaign's most recent recorded gifts (the main appeal's by its slug). */
export const supportersKey = (slug: string) => ['/api/campaigns', slug, 'supporters'] as const;
export const getSupporters = (slug: string) => apiGet<Supporters>(`${campaignPath(slug)}/supporters`);

/** GET /api/campaigns/:slug/ledger: the public ledger (its key: `ledgerKey` in api/public-fundraisers.ts). */
export const getLedger = (slug: string) => apiGet<Ledger>(`${campaignPath(slug)}/ledger`);

/** Following a campaign, the main appeal or a patient's fundraiser, by its slug (`/api/campaigns/:id/follow`). */
export const followPath = (slug: string) => `${campaignPath(slug)}/follow`;
/** GET the follow address: whether the signed-in person follows that campaign's updates. */
export const getFollowStatus = (path: string) => apiGet<FollowStatus>(path);
/** PUT (follow) or DELETE (stop following) the follow address. */
export const setFollowing = (path: string, follow: boolean) =>
  apiRequest<FollowStatus>(follow ? 'PUT' : 'DELETE', path);
