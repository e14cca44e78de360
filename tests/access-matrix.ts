/**
 * Who may call each API route: the checked-in half of the access-matrix test (src/server/access.test.ts).
 * A route the server registers but this table does not name fails the test, and so does a stale entry.
 *   public       anyone
 *   user         any signed-in account
 *   moderator    admins of at least this level (manager, super_admin likewise)
 */
export type Rule = 'public' | 'user' | 'patient' | 'doctor' | 'donor' | 'moderator' | 'manager' | 'super_admin';

export const ACCESS_TABLE: Record<string, Rule> = {
  'GET /api/campaign': 'public',
  'GET /api/fundraising/progress': 'public',
  'POST /api/donation-intent': 'public',
  'POST /api/contact': 'public',
  'POST /api/events': 'public',

  'GET /api/altcha/challenge': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'GET /api/login': 'public',
  'GET /api/logout': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/request-password-reset': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/user': 'user',
  'POST /api/auth/set-role': 'user',
  'POST /api/auth/resend-verification': 'user',

  'POST /api/user/onboarding': 'user',
  'GET /api/user/profile': 'user',
  'PATCH /api/user/profile': 'user',
  'POST /api/user/password': 'user',
  'GET /api/user/sessions': 'user',
  'DELETE /api/user/sessions/:id': 'user',
  'POST /api/user/sessions/revoke-others': 'user',
  'GET /api/user/export': 'user',
  'GET /api/user/two-factor': 'user',
  'POST /api/user/two-factor/setup': 'user',
  'POST /api/user/two-factor/enable': 'user',
  'POST /api/user/two-factor/recovery-codes': 'user',
  'POST /api/user/two-factor/disable': 'user',
  'DELETE /api/user': 'user',
  'POST /api/user/avatar': 'user',
  'DELETE /api/user/avatar': 'user',
  'GET /api/uploads/:id': 'public',

  'GET /api/notifications': 'user',
  'POST /api/notifications/:id/read': 'user',
  'POST /api/notifications/read-all': 'user',

  'POST /api/admin/invites': 'super_admin',
  'POST /api/admin/elevate': 'manager',
  'DELETE /api/admin/elevate': 'manager',
  'GET /api/admin/donations': 'manager',
  'GET /api/admin/donation-intents': 'manager',
  'POST /api/admin/add-donation': 'manager',
  'DELETE /api/admin/donation-intents/:id': 'manager',
  'PATCH /api/admin/donations/:id': 'manager',
  'POST /api/admin/donations/:id/void': 'manager',
  'GET /api/admin/donations.csv': 'manager',
  'GET /api/admin/donation-intents.csv': 'manager',
  'GET /api/admin/dashboard': 'moderator',
  'GET /api/admin/contact-messages': 'moderator',
  'POST /api/admin/contact-messages/:id/handled': 'moderator',
  'GET /api/admin/audit-log': 'manager',
  'GET /api/admin/analytics': 'manager',
  'GET /api/admin/analytics.csv': 'manager',
  'GET /api/admin/users': 'manager',
  'PATCH /api/admin/users/:id/role': 'super_admin',
  'POST /api/admin/users/:id/suspend': 'super_admin',
  'POST /api/admin/users/:id/restore': 'super_admin',
  'POST /api/admin/users/:id/resend-verification': 'super_admin',
};
