/**
 * The admins' own endpoints: the campaign editor (super_admin), donations and intents, refunds, users, mail
 * failures, contact messages, the audit log, the dashboard and analytics. Payments and webhooks: payments.ts.
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
import { CampaignOwnerSchema } from '../schemas/spending.ts';
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
