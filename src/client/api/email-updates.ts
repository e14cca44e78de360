/** Updates by email without an account: the pages its mails link to (apart from the campaign's, to keep them small). */
import { apiRequest, withQuery } from '#client/lib/api.ts';

/** POST /api/campaign/updates/confirm: confirms the address a donor asked for updates with. */
export const confirmUpdates = (token: string) =>
  apiRequest<{ message: string }>('POST', '/api/campaign/updates/confirm', { token });
/** POST /api/campaign/updates/unsubscribe?token=: stops the update mail the link came in. */
export const unsubscribeFromUpdates = (token: string) =>
  apiRequest<{ message: string }>('POST', withQuery('/api/campaign/updates/unsubscribe', { token }), {});
