/**
 * When a care request happens (decision 021): its dates come from an RRULE (rrule), counted on her calendar, and
 * each date's time is her wall clock in her time zone (luxon), so a weekly 9:00 ride stays at 9:00 across a
 * daylight-saving change. rrule works in "floating" dates here: a date's UTC fields are her local day, never an
 * instant; only instantIn() makes instants.
 */
import rrule from 'rrule';
import { DateTime } from 'luxon';
import { CARE_PLAN_DAYS_SHOWN, type CareRepeat } from '#shared/care-plan.ts';

const { RRule } = rrule;

export interface Recurring {
  startsOn: string;
  startTime: string;
  endTime: string | null;
  repeat: CareRepeat;
  repeatUntil: string | null;
}

export interface Occurrence {
  /** Her local day, YYYY-MM-DD. */
  day: string;
  startsAt: Date;
  endsAt: Date | null;
}

/** Her wall-clock time on her day as an instant. A time a spring-forward skips is moved on by the gap (luxon). */
export function instantIn(day: string, time: string, zone: string): Date {
  return DateTime.fromISO(`${day}T${time}`, { zone }).toJSDate();
}

/** Her local day at this instant. */
export function dayIn(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate()!;
}

/** The local day `days` after this one. */
export function addDays(day: string, days: number): string {
  return DateTime.fromISO(day, { zone: 'UTC' }).plus({ days }).toISODate()!;
}

const floating = (day: string) => new Date(`${day}T00:00:00Z`);

/** The days the plan's pages list, from her today: the only days a helper may claim. */
export function shownDays(timeZone: string, now: Date): { fromDay: string; toDay: string } {
  const fromDay = dayIn(now, timeZone);
  return { fromDay, toDay: addDays(fromDay, CARE_PLAN_DAYS_SHOWN - 1) };
}

/** The request's dates from `fromDay` to `toDay` (her days, both included), each with its instants. */
export function occurrencesOf(request: Recurring, zone: string, fromDay: string, toDay: string): Occurrence[] {
  const days =
    request.repeat === 'once'
      ? [request.startsOn].filter((d) => d >= fromDay && d <= toDay)
      : new RRule({
          freq: request.repeat === 'daily' ? RRule.DAILY : RRule.WEEKLY,
          dtstart: floating(request.startsOn),
          until: floating(request.repeatUntil ?? request.startsOn),
        })
          .between(floating(fromDay), floating(toDay), true)
          .map((d) => d.toISOString().slice(0, 10));
  return days.map((day) => ({
    day,
    startsAt: instantIn(day, request.startTime, zone),
    endsAt: request.endTime === null ? null : instantIn(day, request.endTime, zone),
  }));
}

/** The request's date on this day, if it happens then. */
export function occurrenceOn(request: Recurring, zone: string, day: string): Occurrence | undefined {
  return occurrencesOf(request, zone, day, day)[0];
}
