/** Stories and words of support (issue 5): what authors send, what moderators decide, what the public sees. */
import { z } from 'zod';
import { ReadVersionSchema } from './common.ts';
import { pageParam } from './paging.ts';
import { STORY_TAGS, type StoryTag } from '../community.ts';
import { CONTENT_NOTES, STORY_AUDIENCES, type ContentNote, type StoryAudience } from '../story-audience.ts';

export { STORY_TAGS, type StoryTag, STORY_AUDIENCES, type StoryAudience, CONTENT_NOTES, type ContentNote };

export const STORY_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'archived'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

export const STORY_TITLE_MAX = 120;
export const STORY_BODY_MIN = 50;
export const STORY_BODY_MAX = 20_000;
export const STORY_TAGS_MAX = 5;
export const STORY_IMAGES_MAX = 4;
export const SUPPORT_REPLY_MAX = 1000;
/** The longest reason a moderator gives the author for rejecting or hiding her story. */
export const MODERATION_REASON_MAX = 500;
/** The longest report of a reply. */
export const REPORT_REASON_MAX = 500;
/** Stories waiting longer than this are marked overdue in the moderation queue (spec: 24-48 hours). */
export const STORY_REVIEW_OVERDUE_HOURS = 48;
export const STORIES_PAGE_SIZE = 10;

const id = z.uuid('Not a valid id');

export const StoryImageSchema = z.strictObject({
  uploadId: id,
  alt: z
    .string({ error: 'Describe the image for people who cannot see it' })
    .trim()
    .min(1, 'Describe the image for people who cannot see it')
    .max(200, 'Keep the description under 200 characters'),
});
export type StoryImage = z.infer<typeof StoryImageSchema>;

/** Sensitive topics a story or a fundraiser's update warns its reader of first (each once, from the list). */
export const ContentNotesSchema = z
  .array(z.enum(CONTENT_NOTES, { error: 'Choose content notes from the list' }))
  .max(CONTENT_NOTES.length, 'Choose content notes from the list')
  .default([])
  .transform((notes) => [...new Set(notes)]);

/** The author's working copy: create and edit. */
export const StoryDraftSchema = z.strictObject({
  title: z
    .string({ error: 'Give your story a title' })
    .trim()
    .min(3, 'Give your story a title')
    .max(STORY_TITLE_MAX, `Keep the title under ${STORY_TITLE_MAX} characters`),
  body: z
    .string({ error: `Tell your story in at least ${STORY_BODY_MIN} characters` })
    .trim()
    .min(STORY_BODY_MIN, `Tell your story in at least ${STORY_BODY_MIN} characters`)
    .max(STORY_BODY_MAX, `Keep your story under ${STORY_BODY_MAX.toLocaleString('en-US')} characters`),
  tags: z
    .array(z.enum(STORY_TAGS, { error: 'Choose tags from the list' }))
    .max(STORY_TAGS_MAX, `Choose at most ${STORY_TAGS_MAX} tags`)
    .default([])
    .transform((tags) => [...new Set(tags)]),
  images: z.array(StoryImageSchema).max(STORY_IMAGES_MAX, `Add at most ${STORY_IMAGES_MAX} images`).default([]),
  wantsProfessionalInput: z.boolean().default(false),
  /** Omitted on create: the onboarding choice (allowPublicStory) is the default. */
  publishConsent: z.boolean().optional(),
  /** Who may read it once it is public; omitted on create: NEW_STORY_AUDIENCE; on edit: unchanged. */
  audience: z.enum(STORY_AUDIENCES, { error: 'Choose who can read your story' }).optional(),
  /** Sensitive topics the reader is warned of before the story (and its images) show. */
  contentNotes: ContentNotesSchema,
});
export type StoryDraftInput = z.input<typeof StoryDraftSchema>;

export const PublishConsentSchema = z.strictObject({
  publishConsent: z.boolean({ error: 'Say whether the story may be public' }),
});

/** POST /api/my/stories/:id/audience: who may read the story, from My Stories; it takes effect at once. */
export const StoryAudienceSchema = z.strictObject({
  audience: z.enum(STORY_AUDIENCES, { error: 'Choose who can read your story' }),
});

/** PUT /api/user/content-notes: the topics a member mutes; their stories are left out of her /stories list. */
export const MutedContentNotesSchema = z.strictObject({
  muted: z
    .array(z.enum(CONTENT_NOTES, { error: 'Choose topics from the list' }))
    .max(CONTENT_NOTES.length, 'Choose topics from the list')
    .transform((notes) => [...new Set(notes)]),
});
/** The answer: her muted topics in the list's order. */
export const MutedContentNotesViewSchema = z.object({ muted: z.array(z.enum(CONTENT_NOTES)) });
export type MutedContentNotes = z.infer<typeof MutedContentNotesViewSchema>;

export const ModerationReasonSchema = z.strictObject({
  reason: z
    .string({ error: 'Give a reason the author will see' })
    .trim()
    .min(3, 'Give a reason the author will see')
    .max(MODERATION_REASON_MAX, `Keep the reason under ${MODERATION_REASON_MAX} characters`),
});
/** Approving or restoring a story names the version the moderator read (a story the author changed since: 409). */
export const ModerationDecisionSchema = z.strictObject({ version: ReadVersionSchema });
/** Rejecting or hiding it: the reason the author reads, and the version the moderator read. */
export const ModerationReasonDecisionSchema = ModerationReasonSchema.extend({ version: ReadVersionSchema });

export const PublicStoriesQuerySchema = z.strictObject({
  page: pageParam,
  tag: z.enum(STORY_TAGS, { error: 'Unknown tag' }).optional(),
});

export const SupportReplySchema = z.strictObject({
  body: z
    .string({ error: 'Write a few words' })
    .trim()
    .min(1, 'Write a few words')
    .max(SUPPORT_REPLY_MAX, `Keep it to ${SUPPORT_REPLY_MAX.toLocaleString('en-US')} characters or fewer`),
});

export const ReportReplySchema = z.strictObject({
  reason: z
    .string({ error: 'Say what is wrong with this reply' })
    .trim()
    .min(3, 'Say what is wrong with this reply')
    .max(REPORT_REASON_MAX, `Keep the reason under ${REPORT_REASON_MAX} characters`),
});

/** A story in the public list (GET /api/stories): the published version only, its text as a short excerpt. */
export const PublicStorySummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Plain text, about 220 characters (src/shared/story-text.ts). */
  excerpt: z.string(),
  tags: z.array(z.string()),
  images: z.array(StoryImageSchema),
  /** First name and last initial, e.g. "Maya R." */
  authorName: z.string(),
  publishedAt: z.string(),
  wantsProfessionalInput: z.boolean(),
  /** Where to give, when the story is tied to the fundraiser. */
  donateLink: z.string().nullable(),
  supportCount: z.number().int(),
  audience: z.enum(STORY_AUDIENCES),
  /** Sensitive topics: the page shows the note first, the story and its images once the reader chooses. */
  contentNotes: z.array(z.enum(CONTENT_NOTES)),
});
export type PublicStorySummary = z.infer<typeof PublicStorySummarySchema>;

/** A public story whole (GET /api/stories/:id): its Markdown, and that Markdown as safe HTML rendered by the server. */
export const PublicStorySchema = PublicStorySummarySchema.extend({
  /**
   * A members-only story read by an outsider: only its title and `excerpt` (MEMBERS_PREVIEW_CHARS), no body, no
   * images, no author name; she is asked to sign in.
   */
  preview: z.boolean(),
  body: z.string(),
  /** Only the elements of STORY_ELEMENTS, no attributes: what StoryBody shows. */
  bodyHtml: z.string(),
});
export type PublicStory = z.infer<typeof PublicStorySchema>;

/** A story as its author sees it (GET /api/my/stories). */
/** What the author may do with her story now (its buttons); the server checks each again. */
export const OwnStoryAbilitiesSchema = z.object({
  edit: z.boolean(),
  submit: z.boolean(),
  publish: z.boolean(),
  archive: z.boolean(),
});
export type OwnStoryAbilities = z.infer<typeof OwnStoryAbilitiesSchema>;

export const OwnStorySchema = z.object({
  id: z.string(),
  status: z.enum(STORY_STATUSES),
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  images: z.array(StoryImageSchema),
  wantsProfessionalInput: z.boolean(),
  publishConsent: z.boolean(),
  audience: z.enum(STORY_AUDIENCES),
  contentNotes: z.array(z.enum(CONTENT_NOTES)),
  /** The moderator's reason, when rejected or hidden. */
  reviewReason: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  /** An approved version is live (possibly while an edit waits for review). */
  isPublic: z.boolean(),
  publishedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
  abilities: OwnStoryAbilitiesSchema,
});
export type OwnStory = z.infer<typeof OwnStorySchema>;

/** What the viewer may do with a reply now (its buttons); the server checks each again. */
export const SupportReplyAbilitiesSchema = z.object({
  hide: z.boolean(),
  restore: z.boolean(),
  thank: z.boolean(),
  report: z.boolean(),
});
export type SupportReplyAbilities = z.infer<typeof SupportReplyAbilitiesSchema>;

/** A word of support (GET /api/stories/:id/support). */
export const SupportReplyViewSchema = z.object({
  id: z.string(),
  body: z.string(),
  authorName: z.string(),
  /** Set for verified doctors: their specialty, shown with a "Verified doctor" badge. */
  verifiedDoctorSpecialty: z.string().nullable(),
  createdAt: z.string(),
  thanked: z.boolean(),
  /** True for the story's author and moderators, who see hidden replies marked as such. */
  hidden: z.boolean(),
  mine: z.boolean(),
  abilities: SupportReplyAbilitiesSchema,
});
export type SupportReply = z.infer<typeof SupportReplyViewSchema>;

/** A story as moderators see it (GET /api/admin/stories item): the working copy, with its author's contact. */
/** What a moderator may decide on the story now (its buttons); the server checks each again. */
export const ModeratedStoryAbilitiesSchema = z.object({
  approve: z.boolean(),
  reject: z.boolean(),
  hide: z.boolean(),
  restore: z.boolean(),
});
export type ModeratedStoryAbilities = z.infer<typeof ModeratedStoryAbilitiesSchema>;

export const ModeratedStorySchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  images: z.array(StoryImageSchema),
  authorName: z.string(),
  authorEmail: z.string(),
  status: z.enum(STORY_STATUSES),
  submittedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  reviewReason: z.string().nullable(),
  hasPublishedVersion: z.boolean(),
  publishConsent: z.boolean(),
  audience: z.enum(STORY_AUDIENCES),
  contentNotes: z.array(z.enum(CONTENT_NOTES)),
  /** Moves with every change: a moderator's decision names the version she read. */
  version: z.number().int(),
  abilities: ModeratedStoryAbilitiesSchema,
});
export type ModeratedStory = z.infer<typeof ModeratedStorySchema>;

/** GET /api/admin/stories/:id/history item, oldest first. */
export const StoryHistoryEntrySchema = z.object({
  action: z.string(),
  reason: z.string().nullable(),
  actorName: z.string(),
  createdAt: z.string(),
});
export type StoryHistoryEntry = z.infer<typeof StoryHistoryEntrySchema>;

/** GET /api/admin/support-reports item: an open report of a word of support. */
export const SupportReportSchema = z.object({
  id: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  reporterName: z.string(),
  reply: z.object({ id: z.string(), body: z.string(), authorName: z.string(), hidden: z.boolean() }),
  storyId: z.string(),
  storyTitle: z.string(),
});
export type SupportReport = z.infer<typeof SupportReportSchema>;
