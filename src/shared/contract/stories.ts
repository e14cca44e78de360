/**
 * Stories and words of support (issue 5): the public list and pages, an author's own stories, the replies under a
 * story, and their moderation.
 */
import { z } from 'zod';
import { PageQuerySchema, pageParam, pageSchema } from '../schemas/paging.ts';
import {
  ModeratedStorySchema,
  ModerationDecisionSchema,
  ModerationReasonDecisionSchema,
  MutedContentNotesSchema,
  MutedContentNotesViewSchema,
  OwnStorySchema,
  PublicStoriesQuerySchema,
  PublicStorySchema,
  PublicStorySummarySchema,
  PublishConsentSchema,
  ReportReplySchema,
  STORY_STATUSES,
  StoryAudienceSchema,
  StoryDraftSchema,
  StoryHistoryEntrySchema,
  SupportReplySchema,
  SupportReplyViewSchema,
  SupportReportSchema,
} from '../schemas/stories.ts';
import { IdParamsSchema } from '../schemas/common.ts';
import { endpoint } from './endpoint.ts';

const params = IdParamsSchema;
const moderator = { admin: 'moderator' } as const;

// --- Public --------------------------------------------------------------------------------------

export const publicStories = endpoint({
  method: 'GET',
  path: '/api/stories',
  access: 'public',
  query: PublicStoriesQuerySchema,
  resource: 'stories',
  responses: { 200: pageSchema(PublicStorySummarySchema) },
});
export const publicStory = endpoint({
  method: 'GET',
  path: '/api/stories/:id',
  access: 'public',
  params,
  resource: 'stories',
  responses: { 200: PublicStorySchema },
});

// --- The author's own stories --------------------------------------------------------------------

export const myStories = endpoint({
  method: 'GET',
  path: '/api/my/stories',
  access: 'user',
  resource: 'my-stories',
  responses: { 200: z.array(OwnStorySchema) },
});
export const myStory = endpoint({
  method: 'GET',
  path: '/api/my/stories/:id',
  access: 'user',
  params,
  resource: 'my-stories',
  responses: { 200: OwnStorySchema },
});
export const createStory = endpoint({
  method: 'POST',
  path: '/api/my/stories',
  access: { role: 'patient' },
  body: StoryDraftSchema,
  changes: ['my-stories'],
  responses: { 201: OwnStorySchema },
});
/**
 * An approved story's edit waits for review while its published copy stays up; its audience and content notes are in
 * force at once, so the public reads change too.
 */
export const editStory = endpoint({
  method: 'PATCH',
  path: '/api/my/stories/:id',
  access: 'user',
  params,
  body: StoryDraftSchema,
  changes: ['my-stories', 'stories'],
  responses: { 200: OwnStorySchema },
});
export const submitStory = endpoint({
  method: 'POST',
  path: '/api/my/stories/:id/submit',
  access: 'user',
  params,
  changes: ['my-stories'],
  responses: { 200: OwnStorySchema },
});
export const archiveStory = endpoint({
  method: 'POST',
  path: '/api/my/stories/:id/archive',
  access: 'user',
  params,
  changes: ['my-stories', 'stories'],
  responses: { 200: OwnStorySchema },
});
export const setPublishConsent = endpoint({
  method: 'POST',
  path: '/api/my/stories/:id/consent',
  access: 'user',
  params,
  body: PublishConsentSchema,
  changes: ['my-stories', 'stories'],
  responses: { 200: OwnStorySchema },
});

/** Who may read the story (everyone, members, those with its link), from My Stories: in force at once. */
export const setStoryAudience = endpoint({
  method: 'POST',
  path: '/api/my/stories/:id/audience',
  access: 'user',
  params,
  body: StoryAudienceSchema,
  changes: ['my-stories', 'stories'],
  responses: { 200: OwnStorySchema },
});

// --- The topics a member mutes --------------------------------------------------------------------

export const mutedContentNotes = endpoint({
  method: 'GET',
  path: '/api/my/muted-content-notes',
  access: 'user',
  resource: 'muted-notes',
  responses: { 200: MutedContentNotesViewSchema },
});
/** Her muted topics, whole: stories with one of their notes leave her /stories list. */
export const setMutedContentNotes = endpoint({
  method: 'PUT',
  path: '/api/my/muted-content-notes',
  access: 'user',
  body: MutedContentNotesSchema,
  changes: ['muted-notes', 'stories'],
  responses: { 200: MutedContentNotesViewSchema },
});

// --- Words of support ----------------------------------------------------------------------------

export const support = endpoint({
  method: 'GET',
  path: '/api/stories/:id/support',
  access: 'public',
  params,
  resource: 'support',
  responses: { 200: z.array(SupportReplyViewSchema) },
});
/** A new reply: the story's count of them (its public reads) moves too. */
export const postSupport = endpoint({
  method: 'POST',
  path: '/api/stories/:id/support',
  access: 'user',
  params,
  body: SupportReplySchema,
  changes: ['support', 'stories'],
  responses: { 201: SupportReplyViewSchema },
});
/** The story's author hides a reply on their story; moderators hide any. */
export const hideSupport = endpoint({
  method: 'POST',
  path: '/api/support/:id/hide',
  access: 'user',
  params,
  changes: ['support', 'stories'],
  responses: { 204: null },
});
export const restoreSupport = endpoint({
  method: 'POST',
  path: '/api/support/:id/restore',
  access: moderator,
  params,
  changes: ['support', 'stories'],
  responses: { 204: null },
});
export const thankSupport = endpoint({
  method: 'POST',
  path: '/api/support/:id/thank',
  access: 'user',
  params,
  changes: ['support'],
  responses: { 204: null },
});
/** A report of a reply: it joins the moderators' open reports (read under 'support'). */
export const reportSupport = endpoint({
  method: 'POST',
  path: '/api/support/:id/report',
  access: 'user',
  params,
  body: ReportReplySchema,
  changes: ['support'],
  responses: { 204: null },
});

// --- Moderation ----------------------------------------------------------------------------------

const MODERATION_TABS = ['pending', 'approved', 'rejected', 'hidden'] as const;
const DecidedSchema = z.object({ id: z.string(), status: z.enum(STORY_STATUSES) });
const decision = { access: moderator, params, changes: ['stories', 'my-stories', 'dashboard'] } as const;

export const moderatedStories = endpoint({
  method: 'GET',
  path: '/api/admin/stories',
  access: moderator,
  query: z.strictObject({
    status: z.enum(MODERATION_TABS, { error: 'Unknown status' }).default('pending'),
    page: pageParam,
  }),
  resource: 'stories',
  responses: { 200: pageSchema(ModeratedStorySchema) },
});
export const approveStory = endpoint({
  method: 'POST',
  path: '/api/admin/stories/:id/approve',
  ...decision,
  body: ModerationDecisionSchema,
  responses: { 200: DecidedSchema },
});
export const restoreStory = endpoint({
  method: 'POST',
  path: '/api/admin/stories/:id/restore',
  ...decision,
  body: ModerationDecisionSchema,
  responses: { 200: DecidedSchema },
});
export const rejectStory = endpoint({
  method: 'POST',
  path: '/api/admin/stories/:id/reject',
  ...decision,
  body: ModerationReasonDecisionSchema,
  responses: { 200: DecidedSchema },
});
export const hideStory = endpoint({
  method: 'POST',
  path: '/api/admin/stories/:id/hide',
  ...decision,
  body: ModerationReasonDecisionSchema,
  responses: { 200: DecidedSchema },
});
export const storyHistory = endpoint({
  method: 'GET',
  path: '/api/admin/stories/:id/history',
  access: moderator,
  params,
  resource: 'stories',
  responses: { 200: z.array(StoryHistoryEntrySchema) },
});
export const supportReports = endpoint({
  method: 'GET',
  path: '/api/admin/support-reports',
  access: moderator,
  query: PageQuerySchema,
  resource: 'support',
  responses: { 200: pageSchema(SupportReportSchema) },
});
/** Hides the reported reply or keeps it; the reporter is told either way. */
export const resolveSupportReport = endpoint({
  method: 'POST',
  path: '/api/admin/support-reports/:id/resolve',
  access: moderator,
  params,
  body: z.strictObject({ resolution: z.enum(['hidden', 'kept'], { error: 'Choose hidden or kept' }) }),
  changes: ['support', 'stories'],
  responses: { 204: null },
});
