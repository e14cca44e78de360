/**
 * The admins' own endpoints: the campaign editor (super_admin), the password gate, donations and intents, refunds,
 * users and admin invites, mail failures, contact messages, the audit log, the dashboard and analytics. Payments and
 * webhooks: payments.ts; the campaign's images: uploads.ts.
 */
import {
  AdminCampaignSchema,
  CampaignOwnerAnswerSchema,
  CampaignVersionDetailSchema,
  CampaignVersionParamsSchema,
  CampaignVersionsPageSchema,
  CampaignVersionsQuerySchema,
  PostCampaignUpdateSchema,
  PostedCampaignUpdateSchema,
  PublishCampaignSchema,
  RestoreCampaignVersionSchema,
} from '../schemas/admin-campaign.ts';
import {
  AdminDonationSchema,
  AdminDonationsPageSchema,
  AdminIntentsPageSchema,
  EditDonationSchema,
  ElevateSchema,
  ElevationSchema,
  HideDonationMessageSchema,
  MessageHiddenSchema,
  MoneyListQuerySchema,
  RecordDonationSchema,
  VoidDonationSchema,
} from '../schemas/admin-donations.ts';
import {
  AdminInviteLinkSchema,
  AdminInviteSchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  ChangeRoleSchema,
  SuspendSchema,
} from '../schemas/admin-users.ts';
import { DashboardFiguresSchema } from '../schemas/admin-dashboard.ts';
import { AnalyticsRangeSchema, AnalyticsReportSchema } from '../schemas/analytics.ts';
import { AuditEntrySchema, AuditLogQuerySchema } from '../schemas/audit-log.ts';
import { IdParamsSchema } from '../schemas/common.ts';
import { ContactMessagesQuerySchema, ContactMessageViewSchema } from '../schemas/contact.ts';
import { MailFailureSchema, RetryMailSchema } from '../schemas/mail-failures.ts';
import { PageQuerySchema, pageSchema } from '../schemas/paging.ts';
import { CampaignOwnerSchema, DonationRefundSchema, RefundDonationSchema } from '../schemas/spending.ts';
import { endpoint } from './endpoint.ts';

const SUPER_ADMIN = { admin: 'super_admin' } as const;

// The campaign editor
export const adminCampaign = endpoint({
  method: 'GET',
  path: '/api/admin/campaign',
  access: SUPER_ADMIN,
  resource: 'campaign',
  responses: { 200: AdminCampaignSchema },
});
export const publishCampaign = endpoint({
  method: 'PUT',
  path: '/api/admin/campaign',
  access: SUPER_ADMIN,
  body: PublishCampaignSchema,
  changes: ['campaign', 'campaign-versions'],
  responses: { 200: AdminCampaignSchema },
});
export const campaignVersions = endpoint({
  method: 'GET',
  path: '/api/admin/campaign/versions',
  access: SUPER_ADMIN,
  query: CampaignVersionsQuerySchema,
  resource: 'campaign-versions',
  responses: { 200: CampaignVersionsPageSchema },
});
export const campaignVersion = endpoint({
  method: 'GET',
  path: '/api/admin/campaign/versions/:version',
  access: SUPER_ADMIN,
  params: CampaignVersionParamsSchema,
  resource: 'campaign-versions',
  responses: { 200: CampaignVersionDetailSchema },
});
export const restoreCampaignVersion = endpoint({
  method: 'POST',
  path: '/api/admin/campaign/versions/:version/restore',
  access: SUPER_ADMIN,
  params: CampaignVersionParamsSchema,
  body: RestoreCampaignVersionSchema,
  changes: ['campaign', 'campaign-versions'],
  responses: { 200: AdminCampaignSchema },
});
export const postCampaignUpdate = endpoint({
  method: 'POST',
  path: '/api/admin/campaign/updates',
  access: SUPER_ADMIN,
  body: PostCampaignUpdateSchema,
  changes: ['campaign', 'campaign-versions'],
  responses: { 201: PostedCampaignUpdateSchema },
});
export const setCampaignOwner = endpoint({
  method: 'PUT',
  path: '/api/admin/campaign/owner',
  access: SUPER_ADMIN,
  body: CampaignOwnerSchema,
  changes: ['campaign'],
  responses: { 200: CampaignOwnerAnswerSchema },
});

// The password gate ("step-up"): re-entering the password opens a short window on the session for the money moves
export const elevate = endpoint({
  method: 'POST',
  path: '/api/admin/elevate',
  access: { admin: 'manager' },
  body: ElevateSchema,
  responses: { 200: ElevationSchema },
});
/** Closes the window now (it would close by itself). */
export const dropElevation = endpoint({
  method: 'DELETE',
  path: '/api/admin/elevate',
  access: { admin: 'manager' },
  responses: { 204: null },
});

// Donations and intents (the money moves and the donors' records: a manager past the password gate)
const MANAGER_STEP_UP = { admin: 'manager', stepUp: true } as const;
/** What a change to a recorded gift makes stale: the lists and every public figure made from them. */
const GIFTS = ['donations', 'progress', 'supporters', 'ledger', 'dashboard', 'my-gifts'] as const;

export const donations = endpoint({
  method: 'GET',
  path: '/api/admin/donations',
  access: MANAGER_STEP_UP,
  query: MoneyListQuerySchema,
  resource: 'donations',
  responses: { 200: AdminDonationsPageSchema },
});
export const intents = endpoint({
  method: 'GET',
  path: '/api/admin/donation-intents',
  access: MANAGER_STEP_UP,
  query: MoneyListQuerySchema,
  resource: 'intents',
  responses: { 200: AdminIntentsPageSchema },
});
export const donationsCsv = endpoint({
  method: 'GET',
  path: '/api/admin/donations.csv',
  access: MANAGER_STEP_UP,
  responses: { 200: 'file' },
});
export const intentsCsv = endpoint({
  method: 'GET',
  path: '/api/admin/donation-intents.csv',
  access: MANAGER_STEP_UP,
  responses: { 200: 'file' },
});
export const recordDonation = endpoint({
  method: 'POST',
  path: '/api/admin/add-donation',
  access: MANAGER_STEP_UP,
  body: RecordDonationSchema,
  changes: [...GIFTS, 'intents'],
  responses: { 201: AdminDonationSchema },
});
export const editDonation = endpoint({
  method: 'PATCH',
  path: '/api/admin/donations/:id',
  access: MANAGER_STEP_UP,
  params: IdParamsSchema,
  body: EditDonationSchema,
  changes: GIFTS,
  responses: { 200: AdminDonationSchema },
});
/** Content moderation: a moderator may take a donor's message off the public pages (or put it back). */
export const setDonationMessageHidden = endpoint({
  method: 'PUT',
  path: '/api/admin/donations/:id/message-hidden',
  access: { admin: 'moderator' },
  params: IdParamsSchema,
  body: HideDonationMessageSchema,
  changes: ['donations', 'supporters'],
  responses: { 200: MessageHiddenSchema },
});
export const voidDonation = endpoint({
  method: 'POST',
  path: '/api/admin/donations/:id/void',
  access: MANAGER_STEP_UP,
  params: IdParamsSchema,
  body: VoidDonationSchema,
  changes: GIFTS,
  responses: { 204: null },
});
export const refundDonation = endpoint({
  method: 'POST',
  path: '/api/admin/donations/:id/refund',
  access: MANAGER_STEP_UP,
  params: IdParamsSchema,
  body: RefundDonationSchema,
  changes: [...GIFTS, 'refund-requests'],
  responses: { 200: DonationRefundSchema },
});
export const deleteIntent = endpoint({
  method: 'DELETE',
  path: '/api/admin/donation-intents/:id',
  access: MANAGER_STEP_UP,
  params: IdParamsSchema,
  changes: ['intents'],
  responses: { 204: null },
});

// User management: managers look, super admins change roles and levels, suspend and restore
export const users = endpoint({
  method: 'GET',
  path: '/api/admin/users',
  access: { admin: 'manager' },
  query: AdminUsersQuerySchema,
  resource: 'users',
  responses: { 200: pageSchema(AdminUserSchema) },
});
export const changeRole = endpoint({
  method: 'PATCH',
  path: '/api/admin/users/:id/role',
  access: SUPER_ADMIN,
  params: IdParamsSchema,
  body: ChangeRoleSchema,
  changes: ['users'],
  responses: { 200: AdminUserSchema },
});
export const suspendUser = endpoint({
  method: 'POST',
  path: '/api/admin/users/:id/suspend',
  access: SUPER_ADMIN,
  params: IdParamsSchema,
  body: SuspendSchema,
  changes: ['users'],
  responses: { 200: AdminUserSchema },
});
export const restoreUser = endpoint({
  method: 'POST',
  path: '/api/admin/users/:id/restore',
  access: SUPER_ADMIN,
  params: IdParamsSchema,
  changes: ['users'],
  responses: { 200: AdminUserSchema },
});
export const resendVerification = endpoint({
  method: 'POST',
  path: '/api/admin/users/:id/resend-verification',
  access: SUPER_ADMIN,
  params: IdParamsSchema,
  responses: { 204: null },
});
/** A one-time link to register as an admin of the level chosen (only a super_admin makes new admins). */
export const createInvite = endpoint({
  method: 'POST',
  path: '/api/admin/invites',
  access: SUPER_ADMIN,
  body: AdminInviteSchema,
  responses: { 201: AdminInviteLinkSchema },
});

// The dashboard, the contact inbox, the audit log and mail the site could not deliver
/** Queue sizes for every admin; the money figures only for managers and up. */
export const dashboard = endpoint({
  method: 'GET',
  path: '/api/admin/dashboard',
  access: { admin: 'moderator' },
  resource: 'dashboard',
  responses: { 200: DashboardFiguresSchema },
});
export const contactMessages = endpoint({
  method: 'GET',
  path: '/api/admin/contact-messages',
  access: { admin: 'moderator' },
  query: ContactMessagesQuerySchema,
  resource: 'contact-messages',
  responses: { 200: pageSchema(ContactMessageViewSchema) },
});
export const markContactHandled = endpoint({
  method: 'POST',
  path: '/api/admin/contact-messages/:id/handled',
  access: { admin: 'moderator' },
  params: IdParamsSchema,
  changes: ['contact-messages', 'dashboard'],
  responses: { 204: null },
});
/** Mail is the operator's: what failed and a retry, for super admins (never an address or a word of the mail). */
export const mailFailures = endpoint({
  method: 'GET',
  path: '/api/admin/mail-failures',
  access: SUPER_ADMIN,
  query: PageQuerySchema,
  resource: 'mail-failures',
  responses: { 200: pageSchema(MailFailureSchema) },
});
export const retryMail = endpoint({
  method: 'POST',
  path: '/api/admin/mail-failures/:id/retry',
  access: SUPER_ADMIN,
  params: IdParamsSchema,
  body: RetryMailSchema,
  changes: ['mail-failures', 'dashboard'],
  responses: { 204: null },
});
export const auditLog = endpoint({
  method: 'GET',
  path: '/api/admin/audit-log',
  access: { admin: 'manager' },
  query: AuditLogQuerySchema,
  resource: 'audit-log',
  responses: { 200: pageSchema(AuditEntrySchema) },
});

// First-party analytics for managers
export const analytics = endpoint({
  method: 'GET',
  path: '/api/admin/analytics',
  access: { admin: 'manager' },
  query: AnalyticsRangeSchema,
  resource: 'analytics',
  responses: { 200: AnalyticsReportSchema },
});
export const analyticsCsv = endpoint({
  method: 'GET',
  path: '/api/admin/analytics.csv',
  access: { admin: 'manager' },
  query: AnalyticsRangeSchema,
  responses: { 200: 'file' },
});
