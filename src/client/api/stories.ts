/** Stories: the public list and pages, an author's own stories, and words of support. */
import type { z } from 'zod';
import * as stories from '#shared/contract/stories.ts';
import type { ReportReplySchema, StoryDraftSchema, StoryTag, SupportReplySchema } from '#shared/schemas/stories.ts';
import type { ContentNote, StoryAudience } from '#shared/story-audience.ts';
import { call, keyOf } from '#client/lib/api.ts';
import { pageQueryOf } from '#client/lib/page-query.ts';

/** GET /api/stories: one page of public stories, newest first, optionally with one tag (a server-rendered page). */
export const publicStoriesQuery = (query: { tag: StoryTag | null; page: number }) =>
  pageQueryOf(stories.publicStories, { query: { ...(query.tag ? { tag: query.tag } : {}), page: query.page } });
/** GET /api/stories/:id (404 for a story that is not public) */
export const publicStoryQuery = (id: string) => pageQueryOf(stories.publicStory, { params: { id } });
/** GET /api/stories/:id/support: the words of support under a story (more for its author and moderators). */
export const supportQuery = (storyId: string) => pageQueryOf(stories.support, { params: { id: storyId } });
export const supportKey = (storyId: string) => keyOf(stories.support, { params: { id: storyId } });

export const MY_STORIES_KEY = keyOf(stories.myStories);
export const myStoryKey = (id: string) => keyOf(stories.myStory, { params: { id } });
/** GET /api/my/stories: the signed-in author's stories. */
export const listMyStories = () => call(stories.myStories);
/** GET /api/my/stories/:id */
export const getMyStory = (id: string) => call(stories.myStory, { params: { id } });
/** POST /api/my/stories: a new draft. */
export const createStory = (input: z.input<typeof StoryDraftSchema>) => call(stories.createStory, { body: input });
/** PATCH /api/my/stories/:id */
export const updateStory = (id: string, input: z.input<typeof StoryDraftSchema>) =>
  call(stories.editStory, { params: { id }, body: input });
/** POST /api/my/stories/:id/submit: sends a draft (or a story that was not approved) for review. */
export const submitStory = (id: string) => call(stories.submitStory, { params: { id } });
/** POST /api/my/stories/:id/archive: takes the story off the site for good. */
export const archiveStory = (id: string) => call(stories.archiveStory, { params: { id } });
/** POST /api/my/stories/:id/consent: publish (true) or unpublish (false). */
export const setPublishConsent = (id: string, publishConsent: boolean) =>
  call(stories.setPublishConsent, { params: { id }, body: { publishConsent } });

/** POST /api/stories/:id/support */
export const postSupport = (storyId: string, input: z.input<typeof SupportReplySchema>) =>
  call(stories.postSupport, { params: { id: storyId }, body: input });

export type SupportAction = 'hide' | 'restore' | 'thank';
const SUPPORT_ACTIONS = { hide: stories.hideSupport, restore: stories.restoreSupport, thank: stories.thankSupport };
/** POST /api/support/:id/(hide|restore|thank) */
export const actOnSupport = (replyId: string, action: SupportAction) =>
  call(SUPPORT_ACTIONS[action], { params: { id: replyId } });
/** POST /api/support/:id/report */
export const reportSupport = (replyId: string, input: z.input<typeof ReportReplySchema>) =>
  call(stories.reportSupport, { params: { id: replyId }, body: input });
/** POST /api/my/stories/:id/audience: who may read the story (everyone, members, its link), at once. */
export const setStoryAudience = (id: string, audience: StoryAudience) =>
  call(stories.setStoryAudience, { params: { id }, body: { audience } });
/** GET /api/my/muted-content-notes: the topics she mutes. */
export const mutedContentNotesQuery = () => ({
  queryKey: keyOf(stories.mutedContentNotes),
  queryFn: () => call(stories.mutedContentNotes),
});
/** PUT /api/my/muted-content-notes: her muted topics, whole. */
export const setMutedContentNotes = (muted: ContentNote[]) => call(stories.setMutedContentNotes, { body: { muted } });
