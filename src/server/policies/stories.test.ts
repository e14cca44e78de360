/** Who may do what with a story in each of its states, and what a refusal says and answers. */
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../tests/setup/refusal.ts';
import { STORY_STATUSES, type StoryStatus } from '#shared/schemas/stories.ts';
import { STORY_AUDIENCES } from '#shared/story-audience.ts';
import {
  moderatedStoryAbilities,
  ownStoryAbilities,
  storyPolicy,
  storyReadPolicy,
  type StoryFacts,
} from './stories.ts';

const author = { id: 'author', role: 'patient' as const, adminLevel: null };
const otherPatient = { id: 'other', role: 'patient' as const, adminLevel: null };
const moderator = { id: 'mod', role: 'admin' as const, adminLevel: 'moderator' as const };
const story = (status: StoryStatus, more: Partial<StoryFacts> = {}): StoryFacts => ({
  authorId: 'author',
  status,
  publishedAt: null,
  hiddenAt: null,
  ...more,
});

describe('the story policy', () => {
  it('lets the author edit, publish and archive all but an archived story, and submit drafts and rejected ones', () => {
    const rows = STORY_STATUSES.map((status) => [status, ownStoryAbilities(author, story(status))]);
    expect(Object.fromEntries(rows)).toEqual({
      draft: { edit: true, submit: true, publish: true, archive: true },
      pending: { edit: true, submit: false, publish: true, archive: true },
      approved: { edit: true, submit: false, publish: true, archive: true },
      rejected: { edit: true, submit: true, publish: true, archive: true },
      archived: { edit: false, submit: false, publish: false, archive: false },
    });
  });

  it("answers someone else's story as not found, and a state in the way as a conflict naming it", () => {
    expect(refusalOf(() => storyPolicy.authorize(otherPatient, 'edit', story('draft')))).toEqual([
      'NOT_FOUND',
      'No such story',
      undefined,
    ]);
    expect(refusalOf(() => storyPolicy.authorize(moderator, 'archive', story('draft')))).toEqual([
      'NOT_FOUND',
      'No such story',
      undefined,
    ]);
    expect(refusalOf(() => storyPolicy.authorize(author, 'edit', story('archived')))).toEqual([
      'CONFLICT',
      'This story is archived, so it cannot be edited',
      undefined,
    ]);
  });

  it('lets moderators decide only what the state allows, and nobody else decide at all', () => {
    const live = { publishedAt: new Date() };
    expect(moderatedStoryAbilities(moderator, story('pending'))).toEqual({
      approve: true,
      reject: true,
      hide: false,
      restore: false,
    });
    expect(moderatedStoryAbilities(moderator, story('pending', live))).toMatchObject({ hide: true, restore: false });
    expect(moderatedStoryAbilities(moderator, story('approved', { ...live, hiddenAt: new Date() }))).toEqual({
      approve: false,
      reject: false,
      hide: false,
      restore: true,
    });
    expect(moderatedStoryAbilities(author, story('pending', live))).toEqual({
      approve: false,
      reject: false,
      hide: false,
      restore: false,
    });
    expect(refusalOf(() => storyPolicy.authorize(moderator, 'approve', story('approved')))).toEqual([
      'CONFLICT',
      'This story is approved, so it cannot be approved',
      undefined,
    ]);
    expect(refusalOf(() => storyPolicy.authorize(author, 'approve', story('pending')))?.[0]).toBe('FORBIDDEN');
  });
});

describe('reading a public story whole', () => {
  it('keeps a members-only story from outsiders only: anyone signed in reads every audience whole', () => {
    const rows = STORY_AUDIENCES.map((audience) => [
      audience,
      [null, otherPatient, author, moderator].map((v) => storyReadPolicy.can(v, 'readWhole', { audience })),
    ]);
    expect(Object.fromEntries(rows)).toEqual({
      members: [false, true, true, true],
      public: [true, true, true, true],
      link: [true, true, true, true],
    });
    expect(refusalOf(() => storyReadPolicy.authorize(null, 'readWhole', { audience: 'members' }))?.[0]).toBe(
      'UNAUTHENTICATED',
    );
  });
});
