import { describe, expect, it } from 'vitest';
import { FUNDRAISER_EVENT_WORDS, historyWords, STORY_EVENT_WORDS } from './history-words.ts';

describe('history in words', () => {
  it('says each known step in words, and an unknown code in plain words, never as the code', () => {
    expect(historyWords(FUNDRAISER_EVENT_WORDS, 'medical_review_requested')).toBe('Medical review requested');
    expect(historyWords(STORY_EVENT_WORDS, 'edited_after_approval')).toBe('Edited after approval');
    expect(historyWords(FUNDRAISER_EVENT_WORDS, 'plan_version_superseded')).toBe('Plan version superseded');
    expect(historyWords(FUNDRAISER_EVENT_WORDS, 'toString')).toBe('ToString');
    for (const words of [...Object.values(FUNDRAISER_EVENT_WORDS), ...Object.values(STORY_EVENT_WORDS)])
      expect(words).not.toMatch(/_/);
  });
});
