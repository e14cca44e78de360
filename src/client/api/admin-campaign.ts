/** The campaign editor's calls: the content, publishing, versions, dated updates and the owner. */
import type { z } from 'zod';
import type { PostCampaignUpdateSchema, PublishCampaignSchema } from '#shared/schemas/admin-campaign.ts';
import type { CampaignOwnerSchema } from '#shared/schemas/spending.ts';
import * as admin from '#shared/contract/admin.ts';
import * as uploads from '#shared/contract/uploads.ts';
import { call, fileForm, keyOf } from '#client/lib/api.ts';

export const ADMIN_CAMPAIGN_KEY = keyOf(admin.adminCampaign);

/** The published content, its version and its owner. */
export const getAdminCampaign = () => call(admin.adminCampaign);

/** Publishes the content as a new version; refused (409) when `expectedVersion` is not the current one. */
export const publishCampaign = (input: z.input<typeof PublishCampaignSchema>) =>
  call(admin.publishCampaign, { body: input });

/** One page of the published versions, newest first. */
export const campaignVersionsKey = (page: number) => keyOf(admin.campaignVersions, { query: { page } });
export const listCampaignVersions = (page: number) => call(admin.campaignVersions, { query: { page } });

/** Publishes an earlier version's content again, as a new version. */
export const restoreCampaignVersion = (version: number, expectedVersion: number) =>
  call(admin.restoreCampaignVersion, { params: { version }, body: { expectedVersion } });

/** Posts a dated update as a new version, telling the followers when asked (`notified`: how many were). */
export const postCampaignUpdate = (input: z.input<typeof PostCampaignUpdateSchema>) =>
  call(admin.postCampaignUpdate, { body: input });

/** Makes the patient with this email address the campaign's owner. */
export const setCampaignOwner = (input: z.input<typeof CampaignOwnerSchema>) =>
  call(admin.setCampaignOwner, { body: input });

/** Uploads an image for the content (the server checks and sizes it); it shows on the site once published. */
export const uploadCampaignImage = (file: File) => call(uploads.campaignImage, { body: fileForm('image', file) });
