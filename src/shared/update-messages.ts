/**
 * What the server answers and the pages say about updates by email; one wording for both. Kept apart from the
 * zod schemas so the donate page can show them without loading zod.
 */

/** POST /api/donation-intent with followUpdates and no donorEmail; the donate page says it before sending. */
export const UPDATES_NEED_EMAIL = 'Enter your email to get the campaign’s updates';

/** A confirmation or unsubscribe link that is unknown, spent or expired. */
export const INVALID_UPDATES_LINK = 'This link is invalid or has expired.';
