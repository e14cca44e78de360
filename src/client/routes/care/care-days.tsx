/** The care pages' dates, under a heading for each of the patient's calendar days. */
import type { ReactNode } from 'react';
import { dayHeading } from './care-words.ts';

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
