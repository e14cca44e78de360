/** What the server answers and the account pages say about owning the campaign; one wording for both. */

/** PUT /api/admin/campaign/owner refuses an address its account has not confirmed: ownership links money to it. */
export const OWNER_EMAIL_UNCONFIRMED =
  'This account has not confirmed its email address yet; it can own the campaign once it has';

/** DELETE /api/user refuses the campaign's owner, and /profile says so before she tries. */
export const OWNER_CANNOT_DELETE_ACCOUNT =
  'You own the campaign, so your account cannot be deleted yet: its expenses and donors depend on it. Ask an admin to move ownership to someone else first.';
