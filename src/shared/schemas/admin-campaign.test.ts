import { describe, expect, it } from 'vitest';
import { withUpdate } from './campaign.ts';
import { paragraphsOf, textOf } from './admin-campaign.ts';

describe('withUpdate', () => {
  const update = (date: string, title = date) => ({ date, title, paragraphs: ['Text'] });
  const dates = (list: { date: string }[]) => list.map((u) => u.date);

  it('puts the newest update first, and an older one in its place (before others of the same day)', () => {
    const list = [update('2025-09-11'), update('2025-06-01')];
    expect(dates(withUpdate(list, update('2025-10-01')))).toEqual(['2025-10-01', '2025-09-11', '2025-06-01']);
    expect(dates(withUpdate(list, update('2025-07-01')))).toEqual(['2025-09-11', '2025-07-01', '2025-06-01']);
    expect(dates(withUpdate(list, update('2025-01-01')))).toEqual(['2025-09-11', '2025-06-01', '2025-01-01']);
    expect(withUpdate(list, update('2025-09-11', 'Same day'))[0]!.title).toBe('Same day');
    expect(dates(list)).toEqual(['2025-09-11', '2025-06-01']);
  });
});

describe('paragraphsOf and textOf', () => {
  it('split text at empty lines, trimmed, and join it back', () => {
    expect(paragraphsOf('  One line\nstill one.\n\n\n  Two. \n \nThree\n\n')).toEqual([
      'One line\nstill one.',
      'Two.',
      'Three',
    ]);
    expect(paragraphsOf('   ')).toEqual([]);
    expect(textOf(['One', 'Two'])).toBe('One\n\nTwo');
    expect(paragraphsOf(textOf(['One', 'Two']))).toEqual(['One', 'Two']);
  });
});
