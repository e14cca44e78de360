/** Story moderation calls: the queue by status, decisions, each story's history, and reported replies. */
import type { z } from 'zod';
import type { Page } from '#shared/schemas/paging.ts';
import type {
  ModeratedStory,
  ModerationDecisionSchema,
  ModerationReasonDecisionSchema,
  StoryHistoryEntry,
  SupportReport,
} from '#shared/schemas/stories.ts';
import { apiGet, apiRequest, withQuery } from '#client/lib/api.ts';

const STORIES_PATH = '/api/admin/stories';
const REPORTS_PATH = '/api/admin/support-reports';
export const MODERATED_STORIES_KEY = [STORIES_PATH] as const;
export const SUPPORT_REPORTS_KEY = [REPORTS_PATH] as const;

export type ModerationTab = 'pending' | 'approved' | 'rejected' | 'hidden';
export type ModerationDecision = 'approve' | 'reject' | 'hide' | 'restore';

/** One page of the stories in a tab (pending oldest first, the others newest first). */
export const listModeratedStories = (status: ModerationTab, page: number) =>
  apiGet<Page<ModeratedStory>>(withQuery(STORIES_PATH, { status, page }));

/** A moderator's decision on the version she read; reject and hide carry the reason the author reads. */
export const decideStory = (
  id: string,
  decision: ModerationDecision,
  input: z.input<typeof ModerationDecisionSchema> | z.input<typeof ModerationReasonDecisionSchema>,
) => apiRequest<{ id: string; status: string }>('POST', `${STORIES_PATH}/${encodeURIComponent(id)}/${decision}`, input);

export const storyHistoryKey = (id: string) => [STORIES_PATH, id, 'history'] as const;

/** Every event of a story, oldest first. */
export const storyHistory = (id: string) =>
  apiGet<StoryHistoryEntry[]>(`${STORIES_PATH}/${encodeURIComponent(id)}/history`);

/** One page of the open reports of words of support, oldest first. */
export const listSupportReports = (page: number) => apiGet<Page<SupportReport>>(withQuery(REPORTS_PATH, { page }));

/** Hides the reported reply or keeps it; the reporter is told either way. */
export const resolveSupportReport = (id: string, resolution: 'hidden' | 'kept') =>
  apiRequest<void>('POST', `${REPORTS_PATH}/${encodeURIComponent(id)}/resolve`, { resolution });
