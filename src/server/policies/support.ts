/**
 * Words of support on a story: its author hides and thanks replies on her story; moderators hide and restore
 * any, and both see hidden ones (marked) to review them.
 */
import type { SupportReplyAbilities } from '#shared/schemas/stories.ts';
import { policy } from './policy.ts';
import { isAdminAtLeast, type Viewer } from './viewer.ts';

/** What the rules read of a reply: whose story it is on. */
export interface ReplyFacts {
  storyAuthorId: string;
}

const isAuthor = (viewer: Viewer, { storyAuthorId }: ReplyFacts) => viewer?.id === storyAuthorId;
const isModerator = (viewer: Viewer) => isAdminAtLeast(viewer, 'moderator');
const authorOrModerator = (viewer: Viewer, reply: ReplyFacts) => isAuthor(viewer, reply) || isModerator(viewer);

export const supportPolicy = policy<ReplyFacts, 'seeHidden' | 'hide' | 'restore' | 'thank'>({
  seeHidden: {
    allows: authorOrModerator,
    refusal: 'Only the story’s author or a moderator can see hidden replies',
  },
  hide: {
    allows: authorOrModerator,
    refusal: 'Only the story’s author or a moderator can hide a reply',
  },
  restore: { allows: isModerator, refusal: 'Only a moderator can restore a reply' },
  thank: { allows: isAuthor, refusal: 'Only the story’s author can say thank you' },
});

/** What `viewer` may do with one reply as it stands now (its buttons). */
export function replyAbilities(
  viewer: Viewer,
  reply: ReplyFacts & { authorId: string | null; hidden: boolean; thanked: boolean },
): SupportReplyAbilities {
  const mine = viewer !== null && reply.authorId === viewer.id;
  return {
    hide: !reply.hidden && supportPolicy.can(viewer, 'hide', reply),
    restore: reply.hidden && supportPolicy.can(viewer, 'restore', reply),
    thank: !reply.hidden && !reply.thanked && !mine && supportPolicy.can(viewer, 'thank', reply),
    report: viewer !== null && !reply.hidden && !mine,
  };
}
