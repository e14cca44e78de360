/** The campaign editor (super_admin): publish content as numbered versions, restore one, post a dated update. */
import { z } from 'zod';
import { CampaignContentSchema, CampaignUpdateSchema, type CampaignContent } from './campaign.ts';
import { optionalText } from './common.ts';
import { PageQuerySchema } from './paging.ts';

export const CAMPAIGN_NOTE_MAX = 200;

/** The version the editor started from: a publish on top of a newer one is refused (409), never silently merged. */
const expectedVersion = z.number({ error: 'Say which version you edited (expectedVersion)' }).int().positive();

/** PUT /api/admin/campaign */
export const PublishCampaignSchema = z.strictObject({
  content: CampaignContentSchema,
  expectedVersion,
  note: optionalText(CAMPAIGN_NOTE_MAX, 'Note'),
});
export type PublishCampaignInput = z.input<typeof PublishCampaignSchema>;

/** POST /api/admin/campaign/versions/:version/restore */
export const RestoreCampaignVersionSchema = z.strictObject({ expectedVersion });

export const CampaignVersionParamsSchema = z.strictObject({
  version: z.coerce
    .number({ error: 'version must be a whole number' })
    .int('version must be a whole number')
    .positive('version must be a whole number'),
});

/** GET /api/admin/campaign/versions: the page (same rule as every list). */
export const CampaignVersionsQuerySchema = PageQuerySchema;

/** POST /api/admin/campaign/updates: a dated update, put first on the story page, optionally sent to followers. */
export const PostCampaignUpdateSchema = z.strictObject({
  ...CampaignUpdateSchema.shape,
  notifyFollowers: z.boolean({ error: 'Say whether to tell the followers' }),
  expectedVersion,
});
export type PostCampaignUpdateInput = z.input<typeof PostCampaignUpdateSchema>;

/** Paragraphs typed in one text box, separated by an empty line. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The other way round: paragraphs as the text box shows them. */
export function textOf(paragraphs: readonly string[]): string {
  return paragraphs.join('\n\n');
}

export interface CampaignOwner {
  id: string;
  name: string;
  email: string;
}

/** GET /api/admin/campaign (and the answer of every publish). */
export interface AdminCampaign {
  id: string;
  version: number;
  content: CampaignContent;
  updatedAt: string;
  owner: CampaignOwner | null;
}

/** GET /api/admin/campaign/versions item, newest first. */
export interface CampaignVersionItem {
  version: number;
  /** The publisher's name; null for the seeded content or a deleted account. */
  publishedBy: string | null;
  note: string | null;
  createdAt: string;
}

/** GET /api/admin/campaign/versions/:version */
export interface CampaignVersionDetail extends CampaignVersionItem {
  content: CampaignContent;
}

/** POST /api/uploads/campaign-image */
export interface CampaignImageUpload {
  id: string;
  url: string;
  width: number;
  height: number;
}
