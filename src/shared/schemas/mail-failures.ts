/**
 * Mail the site could not deliver (decision 011), as super admins read it on /admin-mail: what it was, when, how
 * many tries and the mail server's code; never an address or a word of the mail.
 */
import { z } from 'zod';

/** What a mail is, and how the page names it. */
export const MAIL_KINDS = {
  'email-verification': 'Email confirmation',
  'password-reset': 'Password reset link',
  'password-changed': 'Password changed notice',
  'admin-invite': 'Admin invitation',
  'two-factor-recovered': 'Two-step sign-in reset notice',
  'sign-in-locked': 'Sign-in paused notice',
  'registration-attempt': 'Registration attempt notice',
  'refund-request': 'Refund request answer',
  'fundraiser-review': 'Fundraiser review decision',
  'contact-copy': 'Contact message to the team',
  'follow-confirmation': 'Updates confirmation',
  'fundraiser-update': 'Update to a follower',
  'donor-thanks': "Organiser's thank-you",
  receipt: 'Donation receipt',
  'refund-notice': 'Refund notice',
  notification: 'Notification',
  'care-claimed': 'Care plan: help claimed',
  'care-reminder': 'Care plan: reminder',
  'care-thanks': 'Care plan: thank-you',
  'care-cancelled': 'Care plan: request cancelled',
  'care-invitation': 'Care plan: invitation',
} as const;
export type MailKind = keyof typeof MAIL_KINDS;

/** The mail queues: the first hour's tries, then hourly for the rest of the day. */
export const MAIL_QUEUES = ['mail', 'mail-hourly'] as const;

export const MailFailureSchema = z.object({
  /** The failed job's id (with its queue, what a retry names). */
  id: z.string(),
  queue: z.enum(MAIL_QUEUES),
  kind: z.string(),
  /** How the page names it ("Donation receipt"). */
  what: z.string(),
  firstTriedAt: z.string(),
  failedAt: z.string(),
  tries: z.number().int(),
  /** The mail server's code, or the queue's own words; never an address. */
  reason: z.string().nullable(),
});
export type MailFailure = z.infer<typeof MailFailureSchema>;

/** POST /api/admin/mail-failures/:id/retry: the queue the failed job is in. */
export const RetryMailSchema = z.strictObject({
  queue: z.enum(MAIL_QUEUES, { error: 'Say which queue the mail is in: mail or mail-hourly' }),
});
