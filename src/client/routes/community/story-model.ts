/** The small rules the stories pages show: an author's status badge, what she can do next, excerpts, waiting times. */
import { STORY_TAGS, type StoryTag } from '#shared/community.ts';
import type { OwnStory } from '#shared/schemas/stories.ts';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface StoryBadge {
  label: string;
  tone: BadgeTone;
  /** What the status means for the author, in a sentence. */
  note: string;
}

/** Public now: an approved version, the author's consent, not hidden, not archived. */
export function isLive(s: OwnStory): boolean {
  return s.publishedAt !== null && s.hiddenReason === null && s.publishConsent && s.status !== 'archived';
}

/**
 * The author's view of where a story stands. A story with an approved version keeps it while a later
 * edit is a draft, in review or not approved, so the badge names both ("Published · edit in review").
 */
export function storyBadge(s: OwnStory, overdueHours: number): StoryBadge {
  if (s.status === 'archived')
    return { label: 'Archived', tone: 'neutral', note: 'Taken off the site. Only you can see it.' };
  if (s.hiddenReason !== null) {
    return {
      label: 'Hidden by a moderator',
      tone: 'danger',
      note: 'It is not shown publicly. If you think this is a mistake, write to us through the contact page.',
    };
  }
  const approvedVersion = s.publishedAt !== null;
  const live = isLive(s);
  const prefix = live ? 'Published' : approvedVersion ? 'Unpublished' : null;
  const stays = live
    ? 'The approved version stays public meanwhile.'
    : 'The approved version is not public because you unpublished it.';
  switch (s.status) {
    case 'approved':
      return live
        ? { label: 'Published', tone: 'success', note: 'Anyone can read it on the stories page.' }
        : {
            label: 'Unpublished',
            tone: 'info',
            note: 'Approved, but only you can see it. Publish it to show it on the stories page.',
          };
    case 'pending':
      return prefix
        ? {
            label: `${prefix} · edit in review`,
            tone: 'warning',
            note: `A moderator reviews your changes, usually within ${overdueHours} hours. ${stays}`,
          }
        : {
            label: 'In review',
            tone: 'warning',
            note: `A moderator reviews new stories, usually within ${overdueHours} hours.`,
          };
    case 'rejected':
      return prefix
        ? { label: `${prefix} · edit not approved`, tone: 'danger', note: `Your changes were not approved. ${stays}` }
        : { label: 'Not approved', tone: 'danger', note: 'Edit it and submit it for review again.' };
    case 'draft':
      return prefix
        ? {
            label: `${prefix} · edit is a draft`,
            tone: 'info',
            note: `Submit your changes for review when they are ready. ${stays}`,
          }
        : { label: 'Draft', tone: 'neutral', note: 'Only you can see it. Submit it for review when it is ready.' };
  }
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Whole hours since `iso`. */
export const hoursSince = (iso: string, now: number = Date.now()) =>
  Math.max(0, Math.floor((now - new Date(iso).getTime()) / 3_600_000));

/** "waiting less than an hour", "waiting 5 hours", "waiting 3 days" (hours up to three days, so the 48-hour mark reads plainly). */
export function waitingText(iso: string, now: number = Date.now()): string {
  const hours = hoursSince(iso, now);
  if (hours < 1) return 'waiting less than an hour';
  if (hours < 72) return `waiting ${plural(hours, 'hour')}`;
  return `waiting ${plural(Math.floor(hours / 24), 'day')}`;
}

const isTag = (value: string | null): value is StoryTag => STORY_TAGS.includes(value as StoryTag);

/** Where /stories is, from its query string (?tag=&page=): an unknown tag or page means all stories, page 1. */
export function storiesListPlace(search: string): { tag: StoryTag | null; page: number } {
  const params = new URLSearchParams(search);
  const tagParam = params.get('tag');
  const pageParam = Number(params.get('page'));
  return {
    tag: isTag(tagParam) ? tagParam : null,
    page: Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1,
  };
}
