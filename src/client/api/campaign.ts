/** The campaign's public figures (progress, ledger) and following its updates. */
import type { FollowStatus, Progress, Supporters } from '#shared/schemas/campaign.ts';
import type { Ledger } from '#shared/schemas/spending.ts';
import { apiGet, apiRequest } from '#client/lib/api.ts';

export const PROGRESS_KEY = ['/api/fundraising/progress'] as const;
/** GET /api/fundraising/progress */
export const getProgress = () => apiGet<Progress>(PROGRESS_KEY[0]);

export const SUPPORTERS_KEY = ['/api/campaign/supporters'] as const;
/** GET /api/campaign/supporters: the most recent recorded gifts. */
export const getSupporters = () => apiGet<Supporters>(SUPPORTERS_KEY[0]);

/** GET /api/campaigns/:slug/ledger: the public ledger (its key: `ledgerKey` in api/public-fundraisers.ts). */
export const getLedger = (slug: string) => apiGet<Ledger>(`/api/campaigns/${encodeURIComponent(slug)}/ledger`);

/** Following the main appeal (`/api/campaign/follow`), or a patient's fundraiser by its slug (`/api/campaigns/:id/follow`). */
export const followPath = (slug?: string) =>
  slug ? `/api/campaigns/${encodeURIComponent(slug)}/follow` : '/api/campaign/follow';
/** GET the follow address: whether the signed-in person follows that campaign's updates. */
export const getFollowStatus = (path: string) => apiGet<FollowStatus>(path);
/** PUT (follow) or DELETE (stop following) the follow address. */
export const setFollowing = (path: string, follow: boolean) =>
  apiRequest<FollowStatus>(follow ? 'PUT' : 'DELETE', path);
