/** When a story is public, on a loaded row: the twin of the SQL condition `isPublicStory` (db/queries/stories.ts). */
import type { StoryStatus } from '#shared/schemas/stories.ts';

/** A published copy, the author's consent to show it, not hidden by a moderator, not archived. */
export function storyIsPublic(s: {
  publishedAt: Date | null;
  hiddenAt: Date | null;
  publishConsent: boolean;
  status: StoryStatus;
}): boolean {
  return s.publishedAt !== null && s.hiddenAt === null && s.publishConsent && s.status !== 'archived';
}
