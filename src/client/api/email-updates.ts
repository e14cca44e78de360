/** Updates by email without an account: the pages its mails link to (apart from the campaign's, to keep them small). */
import * as campaign from '#shared/contract/campaign.ts';
import { apiRequest, call, withQuery } from '#client/lib/api.ts';

/** Confirms the address a donor asked for updates with. */
export const confirmUpdates = (token: string) => call(campaign.confirmUpdates, { body: { token } });
/**
 * Stops the update mail the link came in. Its endpoint takes any body (the mail client's one-click POST), so the
 * page sends an empty JSON one by the path, not a typed call.
 */
export const unsubscribeFromUpdates = (token: string) =>
  apiRequest<{ message: string }>('POST', withQuery(campaign.unsubscribe.path, { token }), {});
