/**
 * How the care pages show dates and times: in the patient's time zone, as she wrote them (a request at 09:30 is at
 * 09:30 on her clock, whoever reads it), grouped by her calendar day.
 */
import type { ReactNode } from 'react';
import { CARE_CATEGORY_LABELS, type CareCategory } from '#shared/care-plan.ts';

const clockFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "9:30 AM" for "09:30". */
const clock = (time: string) => clockFormat.format(new Date(`1970-01-01T${time}:00Z`));

/** "9:30 AM", or a window "10:00 AM – 12:00 PM". */
export const slotTime = (slot: { startTime: string; endTime: string | null }) =>
  slot.endTime ? `${clock(slot.startTime)} – ${clock(slot.endTime)}` : clock(slot.startTime);

/** "Thursday, March 4" for her calendar day "2027-03-04". */
export const dayHeading = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

export const categoryLabel = (category: CareCategory) => CARE_CATEGORY_LABELS[category];

/** Her calendar day today ("2027-03-04") in `timeZone`. */
export const todayIn = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** The calendar day `days` after `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "1 place open", "3 places open". */
export const placesOpen = (open: number) => `${open} ${open === 1 ? 'place' : 'places'} open`;

/** Slots under a heading for each of her days, soonest first (the server sends them in that order). */
export function SlotDays<S extends { day: string; requestId: string }>({
  slots,
  children,
  headingLevel = 3,
}: {
  slots: readonly S[];
  children: (slot: S) => ReactNode;
  headingLevel?: 2 | 3;
}) {
  const days = [...new Set(slots.map((s) => s.day))];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="space-y-5">
      {days.map((day) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <Heading id={`day-${day}`} className="text-base font-semibold text-ink">
            {dayHeading(day)}
          </Heading>
          <ul className="mt-2 space-y-3">
            {slots
              .filter((s) => s.day === day)
              .map((slot) => (
                <li key={`${slot.requestId}:${slot.day}`} className="rounded-xl border border-brand-100 bg-white p-3">
                  {children(slot)}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
