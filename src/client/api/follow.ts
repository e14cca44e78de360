/** Following a campaign's updates, the main appeal or a patient's fundraiser, by its slug (signed in). */
import * as campaign from '#shared/contract/campaign.ts';
import { call, keyOf } from '#client/lib/api.ts';

/** The follow status query's key. */
export const followKey = (slug: string) => keyOf(campaign.followStatus, { params: { id: slug } });
/** Whether the signed-in person follows that campaign's updates. */
export const getFollowStatus = (slug: string) => call(campaign.followStatus, { params: { id: slug } });
/** Follows (true) or stops following (false) that campaign's updates. */
export const setFollowing = (slug: string, follow: boolean) =>
  call(follow ? campaign.follow : campaign.unfollow, { params: { id: slug } });
