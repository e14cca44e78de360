/** The small rules the stories pages show: an author's status badge, what she can do next, excerpts, waiting times. */
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

/** Stories that can be edited: all but archived ones. */
export const canEdit = (s: OwnStory) => s.status !== 'archived';
/** Drafts and stories that were not approved go to review; a pending one is already there. */
export const canSubmit = (s: OwnStory) => s.status === 'draft' || s.status === 'rejected';

/** Plain text from the story's Markdown subset, cut at a word near `max` characters. */
export function excerpt(markdown: string, max = 220): string {
  const text = markdown
    .replace(/<[^>]*>/g, ' ')
    .replace(/^\s{0,3}(?:[-*+]|\d+[.)]|>)\s+/gm, '')
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
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
