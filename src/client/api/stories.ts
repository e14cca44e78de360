/** Stories: the public list and pages, an author's own stories, and words of support. */
import type { z } from 'zod';
import type { Page } from '#shared/schemas/paging.ts';
import type {
  OwnStory,
  PublicStory,
  PublicStorySummary,
  StoryTag,
  ReportReplySchema,
  StoryDraftSchema,
  SupportReply,
  SupportReplySchema,
} from '#shared/schemas/stories.ts';
import { apiGet, apiRequest, withQuery } from '#client/lib/api.ts';
import { pageQuery } from '#client/lib/page-query.ts';

const PUBLIC_PATH = '/api/stories';
const MY_PATH = '/api/my/stories';
const myStoryPath = (id: string) => `${MY_PATH}/${encodeURIComponent(id)}`;
const publicStoryPath = (id: string) => `${PUBLIC_PATH}/${encodeURIComponent(id)}`;

/** Starts every key of the public stories (lists, pages, support), so one invalidation reaches them all. */
export const PUBLIC_STORIES_KEY = [PUBLIC_PATH] as const;
export const publicStoryKey = (id: string) => [PUBLIC_PATH, id] as const;
export const supportKey = (storyId: string) => [PUBLIC_PATH, storyId, 'support'] as const;

/** GET /api/stories: one page of public stories, newest first, optionally with one tag (a server-rendered page). */
export const publicStoriesQuery = (query: { tag: StoryTag | null; page: number }) =>
  pageQuery<Page<PublicStorySummary>>(
    [PUBLIC_PATH, query],
    withQuery(PUBLIC_PATH, { tag: query.tag ?? undefined, page: query.page }),
  );
/** GET /api/stories/:id (404 for a story that is not public) */
export const publicStoryQuery = (id: string) => pageQuery<PublicStory>(publicStoryKey(id), publicStoryPath(id));
/** GET /api/stories/:id/support: the words of support under a story (more for its author and moderators). */
export const supportQuery = (storyId: string) =>
  pageQuery<SupportReply[]>(supportKey(storyId), `${publicStoryPath(storyId)}/support`);

export const MY_STORIES_KEY = [MY_PATH] as const;
export const myStoryKey = (id: string) => [MY_PATH, id] as const;
/** GET /api/my/stories: the signed-in author's stories. */
export const listMyStories = () => apiGet<OwnStory[]>(MY_PATH);
/** GET /api/my/stories/:id */
export const getMyStory = (id: string) => apiGet<OwnStory>(myStoryPath(id));
/** POST /api/my/stories: a new draft. */
export const createStory = (input: z.input<typeof StoryDraftSchema>) => apiRequest<OwnStory>('POST', MY_PATH, input);
/** PATCH /api/my/stories/:id */
export const updateStory = (id: string, input: z.input<typeof StoryDraftSchema>) =>
  apiRequest<OwnStory>('PATCH', myStoryPath(id), input);
/** POST /api/my/stories/:id/submit: sends a draft (or a story that was not approved) for review. */
export const submitStory = (id: string) => apiRequest<OwnStory>('POST', `${myStoryPath(id)}/submit`);
/** POST /api/my/stories/:id/archive: takes the story off the site for good. */
export const archiveStory = (id: string) => apiRequest<OwnStory>('POST', `${myStoryPath(id)}/archive`);
/** POST /api/my/stories/:id/consent: publish (true) or unpublish (false). */
export const setPublishConsent = (id: string, publishConsent: boolean) =>
  apiRequest<OwnStory>('POST', `${myStoryPath(id)}/consent`, { publishConsent });

/** POST /api/stories/:id/support */
export const postSupport = (storyId: string, input: z.input<typeof SupportReplySchema>) =>
  apiRequest<SupportReply>('POST', `${publicStoryPath(storyId)}/support`, input);

export type SupportAction = 'hide' | 'restore' | 'thank';
const supportPath = (replyId: string) => `/api/support/${encodeURIComponent(replyId)}`;
/** POST /api/support/:id/(hide|restore|thank) */
export const actOnSupport = (replyId: string, action: SupportAction) =>
  apiRequest<void>('POST', `${supportPath(replyId)}/${action}`);
/** POST /api/support/:id/report */
export const reportSupport = (replyId: string, input: z.input<typeof ReportReplySchema>) =>
  apiRequest<void>('POST', `${supportPath(replyId)}/report`, input);
