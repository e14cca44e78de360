/** Story moderation calls: the queue by status, decisions, each story's history, and reported replies. */
import type { z } from 'zod';
import * as stories from '#shared/contract/stories.ts';
import type { ModerationDecisionSchema, ModerationReasonDecisionSchema } from '#shared/schemas/stories.ts';
import { call, keyOf } from '#client/lib/api.ts';

export type ModerationTab = 'pending' | 'approved' | 'rejected' | 'hidden';
export type ModerationDecision = 'approve' | 'reject' | 'hide' | 'restore';

/** The key of one page of the stories in a tab; its first two parts reach every tab and page. */
export const moderatedStoriesKey = (status: ModerationTab, page: number) =>
  keyOf(stories.moderatedStories, { query: { status, page } });
export const MODERATED_STORIES_KEY = moderatedStoriesKey('pending', 1).slice(0, 2);
/** One page of the stories in a tab (pending oldest first, the others newest first). */
export const listModeratedStories = (status: ModerationTab, page: number) =>
  call(stories.moderatedStories, { query: { status, page } });

type DecisionInput = z.input<typeof ModerationDecisionSchema> | z.input<typeof ModerationReasonDecisionSchema>;
const withReason = (input: DecisionInput) => ({
  reason: 'reason' in input ? input.reason : '',
  version: input.version,
});
/** A moderator's decision on the version she read; reject and hide carry the reason the author reads. */
export const decideStory = (id: string, decision: ModerationDecision, input: DecisionInput) => {
  const params = { id };
  switch (decision) {
    case 'approve':
      return call(stories.approveStory, { params, body: { version: input.version } });
    case 'restore':
      return call(stories.restoreStory, { params, body: { version: input.version } });
    case 'reject':
      return call(stories.rejectStory, { params, body: withReason(input) });
    case 'hide':
      return call(stories.hideStory, { params, body: withReason(input) });
  }
};

export const storyHistoryKey = (id: string) => keyOf(stories.storyHistory, { params: { id } });
/** Every event of a story, oldest first. */
export const storyHistory = (id: string) => call(stories.storyHistory, { params: { id } });

export const supportReportsKey = (page: number) => keyOf(stories.supportReports, { query: { page } });
/** One page of the open reports of words of support, oldest first. */
export const listSupportReports = (page: number) => call(stories.supportReports, { query: { page } });

/** Hides the reported reply or keeps it; the reporter is told either way. */
export const resolveSupportReport = (id: string, resolution: 'hidden' | 'kept') =>
  call(stories.resolveSupportReport, { params: { id }, body: { resolution } });
