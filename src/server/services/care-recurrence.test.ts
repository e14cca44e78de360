import { describe, expect, it } from 'vitest';
import { addDays, dayIn, occurrenceOn, occurrencesOf } from './care-recurrence.ts';

const weeklyRide = {
  startsOn: '2027-03-01',
  startTime: '09:00',
  endTime: null,
  repeat: 'weekly' as const,
  repeatUntil: '2027-03-29',
};

describe('care request dates', () => {
  it('keeps a weekly 9:00 ride at 9:00 on her clock across the spring daylight-saving change (New York, 14 March 2027)', () => {
    const dates = occurrencesOf(weeklyRide, 'America/New_York', '2027-03-01', '2027-03-31');
    expect(dates.map((d) => d.day)).toEqual(['2027-03-01', '2027-03-08', '2027-03-15', '2027-03-22', '2027-03-29']);
    expect(dates.map((d) => d.startsAt.toISOString())).toEqual([
      '2027-03-01T14:00:00.000Z',
      '2027-03-08T14:00:00.000Z',
      '2027-03-15T13:00:00.000Z',
      '2027-03-22T13:00:00.000Z',
      '2027-03-29T13:00:00.000Z',
    ]);
  });

  it('keeps a daily window on her clock across the autumn change in her zone, not the server’s (Berlin, 31 October 2027)', () => {
    const meals = {
      startsOn: '2027-10-30',
      startTime: '18:00',
      endTime: '19:30',
      repeat: 'daily' as const,
      repeatUntil: '2027-11-01',
    };
    const dates = occurrencesOf(meals, 'Europe/Berlin', '2027-10-01', '2027-11-30');
    expect(dates.map((d) => [d.day, d.startsAt.toISOString(), d.endsAt!.toISOString()])).toEqual([
      ['2027-10-30', '2027-10-30T16:00:00.000Z', '2027-10-30T17:30:00.000Z'],
      ['2027-10-31', '2027-10-31T17:00:00.000Z', '2027-10-31T18:30:00.000Z'],
      ['2027-11-01', '2027-11-01T17:00:00.000Z', '2027-11-01T18:30:00.000Z'],
    ]);
  });

  it('lists only the dates inside the range asked for, and a one-time request on its day only', () => {
    expect(occurrencesOf(weeklyRide, 'UTC', '2027-03-09', '2027-03-22').map((d) => d.day)).toEqual([
      '2027-03-15',
      '2027-03-22',
    ]);
    const once = { ...weeklyRide, repeat: 'once' as const, repeatUntil: null };
    expect(occurrencesOf(once, 'UTC', '2027-03-01', '2027-03-31').map((d) => d.day)).toEqual(['2027-03-01']);
    expect(occurrencesOf(once, 'UTC', '2027-03-02', '2027-03-31')).toEqual([]);
  });

  it('says whether a request happens on a day', () => {
    expect(occurrenceOn(weeklyRide, 'UTC', '2027-03-08')?.day).toBe('2027-03-08');
    expect(occurrenceOn(weeklyRide, 'UTC', '2027-03-09')).toBeUndefined();
    expect(occurrenceOn(weeklyRide, 'UTC', '2027-04-05')).toBeUndefined();
  });

  it('names her local day at an instant, which may differ from the UTC day', () => {
    expect(dayIn(new Date('2027-03-02T03:00:00Z'), 'America/Los_Angeles')).toBe('2027-03-01');
    expect(dayIn(new Date('2027-03-01T23:30:00Z'), 'Asia/Tokyo')).toBe('2027-03-02');
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
  });
});
