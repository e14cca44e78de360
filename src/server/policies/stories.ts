/**
 * A community story: its author edits, submits, publishes and archives it while its state allows; moderators
 * approve or reject one waiting for review, hide a published one and restore a hidden one. Someone else's story is
 * "not found" to an author (its existence is nobody else's business); a state in the way is a conflict (409).
 */
import type { OwnStoryAbilities, ModeratedStoryAbilities, StoryStatus } from '#shared/schemas/stories.ts';
import type { StoryAudience } from '#shared/story-audience.ts';
import { policy, type Rule } from './policy.ts';
import { isAdminAtLeast, type Viewer } from './viewer.ts';

/** What the rules read of a story. */
export interface StoryFacts {
  authorId: string;
  status: StoryStatus;
  publishedAt: Date | null;
  hiddenAt: Date | null;
}

const STATE_WORDS: Record<StoryStatus, string> = {
  draft: 'a draft',
  pending: 'waiting for review',
  approved: 'approved',
  rejected: 'not approved',
  archived: 'archived',
};

const inState = (s: StoryFacts, what: string) => `This story is ${STATE_WORDS[s.status]}, so it cannot be ${what}`;

/** An author's action: hers alone (else 404), and only while `stateAllows` (else 409 naming the state). */
function authorRule(stateAllows: (s: StoryFacts) => boolean, what: string): Rule<StoryFacts> {
  const isAuthor = (v: Viewer, s: StoryFacts) => v !== null && v.id === s.authorId;
  return {
    allows: (v, s) => isAuthor(v, s) && stateAllows(s),
    refusal: (s, v) => (isAuthor(v, s) ? inState(s, what) : 'No such story'),
    code: (s, v) => (isAuthor(v, s) ? 'CONFLICT' : 'NOT_FOUND'),
  };
}

/** A moderator's decision: moderators only (else 403), and only while `stateAllows` (else 409 naming the state). */
function moderatorRule(stateAllows: (s: StoryFacts) => boolean, what: string): Rule<StoryFacts> {
  const isModerator = (v: Viewer) => isAdminAtLeast(v, 'moderator');
  return {
    allows: (v, s) => isModerator(v) && stateAllows(s),
    refusal: (s, v) => (isModerator(v) ? inState(s, what) : 'Only a moderator can decide on a story'),
    code: (_s, v) => (isModerator(v) ? 'CONFLICT' : 'FORBIDDEN'),
  };
}

const notArchived = (s: StoryFacts) => s.status !== 'archived';
const pending = (s: StoryFacts) => s.status === 'pending';

export type StoryAction = keyof OwnStoryAbilities | keyof ModeratedStoryAbilities;

export const storyPolicy = policy<StoryFacts, StoryAction>({
  edit: authorRule(notArchived, 'edited'),
  // A pending story is already in the queue: submitting it again is as she asked (the command answers it as it is).
  submit: authorRule((s) => s.status === 'draft' || s.status === 'rejected', 'submitted'),
  publish: authorRule(notArchived, 'published'),
  archive: authorRule(notArchived, 'archived again'),
  approve: moderatorRule(pending, 'approved'),
  reject: moderatorRule(pending, 'rejected'),
  hide: moderatorRule((s) => s.publishedAt !== null && s.hiddenAt === null, 'hidden'),
  restore: moderatorRule((s) => s.hiddenAt !== null, 'restored'),
});

/** What the author may do with her story now (its buttons). */
export const ownStoryAbilities = (viewer: Viewer, story: StoryFacts): OwnStoryAbilities => ({
  edit: storyPolicy.can(viewer, 'edit', story),
  submit: storyPolicy.can(viewer, 'submit', story),
  publish: storyPolicy.can(viewer, 'publish', story),
  archive: storyPolicy.can(viewer, 'archive', story),
});

/** What a moderator may decide on the story now (its buttons). */
export const moderatedStoryAbilities = (viewer: Viewer, story: StoryFacts): ModeratedStoryAbilities => ({
  approve: storyPolicy.can(viewer, 'approve', story),
  reject: storyPolicy.can(viewer, 'reject', story),
  hide: storyPolicy.can(viewer, 'hide', story),
  restore: storyPolicy.can(viewer, 'restore', story),
});

/**
 * Reading a public story whole (issue 38): a members-only story is whole for anyone signed in; an outsider (signed
 * out, a search engine, the server rendering its page) reads its preview and is asked to sign in. A public or
 * link story is whole for anyone with its address.
 */
export const storyReadPolicy = policy<{ audience: StoryAudience }, 'readWhole'>({
  readWhole: {
    allows: (v, s) => s.audience !== 'members' || v !== null,
    refusal: 'Sign in to read this story: its author shares it with members of the community',
    code: 'UNAUTHENTICATED',
  },
});
