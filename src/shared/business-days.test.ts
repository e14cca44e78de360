import { describe, expect, it } from 'vitest';
import { businessDaysBetween, windowAge } from './business-days.ts';

describe('businessDaysBetween', () => {
  it('counts weekdays only', () => {
    // Friday 2026-11-20 to Monday 2026-11-23: one business day (Monday).
    expect(businessDaysBetween(new Date('2026-11-20T10:00:00Z'), new Date('2026-11-23T09:00:00Z'))).toBe(1);
    expect(businessDaysBetween(new Date('2026-11-16T10:00:00Z'), new Date('2026-11-16T18:00:00Z'))).toBe(0);
    // Monday to the next Monday: five.
    expect(businessDaysBetween(new Date('2026-11-16T10:00:00Z'), new Date('2026-11-23T10:00:00Z'))).toBe(5);
  });

  it('marks an item late only past the window', () => {
    const submitted = new Date('2026-11-02T10:00:00Z'); // Monday
    expect(windowAge('review', submitted, new Date('2026-11-09T10:00:00Z'))).toEqual({
      businessDays: 5,
      window: 'review',
      late: false,
    });
    expect(windowAge('review', submitted, new Date('2026-11-10T10:00:00Z')).late).toBe(true);
  });
});
