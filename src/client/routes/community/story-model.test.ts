import { describe, expect, it } from 'vitest';
import type { OwnStory } from '#shared/schemas/stories.ts';
import { excerpt } from '#shared/story-text.ts';
import { storyBadge, waitingText } from './story-model.ts';

const story = (overrides: Partial<OwnStory> = {}): OwnStory => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'draft',
  title: 'My story',
  body: 'x'.repeat(60),
  tags: [],
  images: [],
  wantsProfessionalInput: false,
  publishConsent: true,
  audience: 'members',
  contentNotes: [],
  reviewReason: null,
  hiddenReason: null,
  isPublic: false,
  publishedAt: null,
  submittedAt: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
  abilities: { edit: true, submit: true, publish: true, archive: true },
  ...overrides,
});
const published = { publishedAt: '2025-01-02T00:00:00.000Z', isPublic: true };
const label = (overrides: Partial<OwnStory>) => storyBadge(story(overrides), 48).label;

describe("the author's status badge", () => {
  it('names the five states of a story that was never approved', () => {
    expect(label({ status: 'draft' })).toBe('Draft');
    expect(label({ status: 'pending' })).toBe('In review');
    expect(label({ status: 'rejected', reviewReason: 'Names a third person' })).toBe('Not approved');
    expect(label({ status: 'archived' })).toBe('Archived');
    expect(label({ status: 'approved', ...published })).toBe('Published');
  });

  it('keeps "Published" in front while an edit of an approved story is in review, a draft, or not approved', () => {
    expect(label({ status: 'pending', ...published })).toBe('Published · edit in review');
    expect(label({ status: 'draft', ...published })).toBe('Published · edit is a draft');
    expect(label({ status: 'rejected', ...published })).toBe('Published · edit not approved');
  });

  it('says "Unpublished" when the author withdrew consent, and "Hidden" when a moderator took it down', () => {
    expect(label({ status: 'approved', ...published, publishConsent: false })).toBe('Unpublished');
    expect(label({ status: 'pending', ...published, publishConsent: false })).toBe('Unpublished · edit in review');
    expect(label({ status: 'approved', ...published, hiddenReason: 'Off topic' })).toBe('Hidden by a moderator');
    expect(label({ status: 'archived', ...published })).toBe('Archived');
  });
});

describe('story excerpts', () => {
  it('drops the Markdown marks and any markup', () => {
    expect(excerpt('**Bold** and *italic* and _this_.\n\n- one\n- two\n> quoted <b>x</b>')).toBe(
      'Bold and italic and this. one two quoted x',
    );
  });

  it('cuts long text at a word and adds an ellipsis', () => {
    const text = excerpt('word '.repeat(100), 52);
    expect(text.endsWith('word…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(53);
  });
});

describe('waiting time in the moderation queue', () => {
  const now = Date.parse('2025-01-10T12:00:00Z');
  const ago = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
  it('reads in hours up to three days, then in days', () => {
    expect(waitingText(ago(0.5), now)).toBe('waiting less than an hour');
    expect(waitingText(ago(1), now)).toBe('waiting 1 hour');
    expect(waitingText(ago(49), now)).toBe('waiting 49 hours');
    expect(waitingText(ago(24 * 4), now)).toBe('waiting 4 days');
  });
});
