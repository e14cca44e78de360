/** The campaign editor (super_admin): publish content as numbered versions, restore one, post a dated update. */
import { z } from 'zod';
import { CampaignContentSchema, CampaignUpdateSchema } from './campaign.ts';
import { optionalText } from './common.ts';
import { PageQuerySchema, pageSchema } from './paging.ts';

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

export const CampaignOwnerPersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type CampaignOwner = z.infer<typeof CampaignOwnerPersonSchema>;

/** GET /api/admin/campaign (and the answer of every publish). */
export const AdminCampaignSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  content: CampaignContentSchema,
  updatedAt: z.string(),
  owner: CampaignOwnerPersonSchema.nullable(),
});
export type AdminCampaign = z.infer<typeof AdminCampaignSchema>;

/** POST /api/admin/campaign/updates: the campaign, and how many followers were told. */
export const PostedCampaignUpdateSchema = AdminCampaignSchema.extend({ notified: z.number().int() });

/** PUT /api/admin/campaign/owner */
export const CampaignOwnerAnswerSchema = z.object({ owner: CampaignOwnerPersonSchema });

/** GET /api/admin/campaign/versions item, newest first. */
export const CampaignVersionItemSchema = z.object({
  version: z.number().int(),
  /** The publisher's name; null for the seeded content or a deleted account. */
  publishedBy: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type CampaignVersionItem = z.infer<typeof CampaignVersionItemSchema>;
export const CampaignVersionsPageSchema = pageSchema(CampaignVersionItemSchema);

/** GET /api/admin/campaign/versions/:version (null only where the stored row has none: never the main appeal). */
export const CampaignVersionDetailSchema = CampaignVersionItemSchema.extend({
  content: CampaignContentSchema.nullable(),
});
export type CampaignVersionDetail = z.infer<typeof CampaignVersionDetailSchema>;

/** POST /api/uploads/campaign-image: the stored image, where it is served, and its size in pixels. */
export const CampaignImageUploadSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type CampaignImageUpload = z.infer<typeof CampaignImageUploadSchema>;
