/** The campaign editor's calls: the content, publishing, versions, dated updates and the owner. */
import type { z } from 'zod';
import type { Page } from '#shared/schemas/paging.ts';
import type {
  AdminCampaign,
  CampaignImageUpload,
  CampaignOwner,
  CampaignVersionItem,
  PostCampaignUpdateSchema,
  PublishCampaignSchema,
} from '#shared/schemas/admin-campaign.ts';
import type { CampaignOwnerSchema } from '#shared/schemas/spending.ts';
import { apiGet, apiRequest, withQuery } from '#client/lib/api.ts';

const CAMPAIGN_PATH = '/api/admin/campaign';
const VERSIONS_PATH = `${CAMPAIGN_PATH}/versions`;
export const ADMIN_CAMPAIGN_KEY = [CAMPAIGN_PATH] as const;
export const CAMPAIGN_VERSIONS_KEY = [VERSIONS_PATH] as const;

/** The published content, its version and its owner. */
export const getAdminCampaign = () => apiGet<AdminCampaign>(CAMPAIGN_PATH);

/** Publishes the content as a new version; refused (409) when `expectedVersion` is not the current one. */
export const publishCampaign = (input: z.input<typeof PublishCampaignSchema>) =>
  apiRequest<AdminCampaign>('PUT', CAMPAIGN_PATH, input);

/** One page of the published versions, newest first. */
export const listCampaignVersions = (page: number) =>
  apiGet<Page<CampaignVersionItem>>(withQuery(VERSIONS_PATH, { page }));

/** Publishes an earlier version's content again, as a new version. */
export const restoreCampaignVersion = (version: number, expectedVersion: number) =>
  apiRequest<AdminCampaign>('POST', `${VERSIONS_PATH}/${version}/restore`, { expectedVersion });

/** Posts a dated update as a new version, telling the followers when asked (`notified`: how many were). */
export const postCampaignUpdate = (input: z.input<typeof PostCampaignUpdateSchema>) =>
  apiRequest<AdminCampaign & { notified: number }>('POST', `${CAMPAIGN_PATH}/updates`, input);

/** Makes the patient with this email address the campaign's owner. */
export const setCampaignOwner = (input: z.input<typeof CampaignOwnerSchema>) =>
  apiRequest<{ owner: CampaignOwner }>('PUT', `${CAMPAIGN_PATH}/owner`, input);

/** Uploads an image for the content (the server checks and sizes it); it shows on the site once published. */
export function uploadCampaignImage(file: File): Promise<CampaignImageUpload> {
  const body = new FormData();
  body.append('image', file);
  return apiRequest<CampaignImageUpload>('POST', '/api/uploads/campaign-image', body);
}
