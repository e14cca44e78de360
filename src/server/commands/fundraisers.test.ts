/** The address a fundraiser gets from its title. */
import { describe, expect, it } from 'vitest';
import { slugFrom } from './fundraisers.ts';

describe('slugFrom', () => {
  it('makes plain lower-case words of a title, dropping accents and punctuation', () => {
    expect(slugFrom('Zoë’s Surgery: Excision & Recovery!')).toBe('zoe-s-surgery-excision-recovery');
  });

  it('keeps an address short and falls back to "fundraiser" when a title has no letters or digits', () => {
    expect(slugFrom('a'.repeat(100))).toHaveLength(60);
    expect(slugFrom('—— ✿ ——')).toBe('fundraiser');
  });
});
