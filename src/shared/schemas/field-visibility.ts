/** Who sees each health answer (decision 020): the request she sends, her settings and the member page's answer. */
import { z } from 'zod';
import { FIELD_VISIBILITIES, PROFILE_FIELDS } from '../field-visibility.ts';
import { IdParamsSchema } from './common.ts';

export const ProfileFieldSchema = z.enum(PROFILE_FIELDS, { error: 'Choose one of your profile answers' });
export const FieldVisibilitySchema = z.enum(FIELD_VISIBILITIES, {
  error: 'Choose who sees it: only me, members or public',
});

/** POST /api/user/profile/visibility: one field and who sees it. */
export const SetFieldVisibilitySchema = z.strictObject({
  field: ProfileFieldSchema,
  visibility: FieldVisibilitySchema,
});
export type SetFieldVisibilityInput = z.input<typeof SetFieldVisibilitySchema>;

/** One of her answers in Account Settings: its words and who sees it. */
export const OwnFieldVisibilitySchema = z.object({
  field: ProfileFieldSchema,
  label: z.string(),
  value: z.string(),
  visibility: FieldVisibilitySchema,
});

/**
 * GET /api/user/profile/visibility: each answer she holds with who sees it (none before onboarding or after she
 * withdrew the consent to collect), and whether she may widen one (her standing consent to sharing).
 */
export const FieldVisibilityAnswerSchema = z.object({
  fields: z.array(OwnFieldVisibilitySchema),
  mayShare: z.boolean(),
});
export type FieldVisibilityAnswer = z.infer<typeof FieldVisibilityAnswerSchema>;

/** GET /api/members/:id */
export const MemberParamsSchema = IdParamsSchema;

/** A field of hers this viewer may see; `visibility` says who else sees it. */
export const MemberFieldSchema = OwnFieldVisibilitySchema;

/** One of her listed stories this viewer may read whole. */
export const MemberStorySchema = z.object({ id: z.string(), title: z.string(), publishedAt: z.string() });

/** GET /api/members/:id: what this viewer may see of her; never her legal name. */
export const MemberPageSchema = z.object({
  id: z.string(),
  shownName: z.string(),
  roleLabel: z.string(),
  profileImageUrl: z.string().nullable(),
  fields: z.array(MemberFieldSchema),
  stories: z.array(MemberStorySchema),
});
export type MemberPage = z.infer<typeof MemberPageSchema>;
