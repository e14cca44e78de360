/** The care pages' dates, under a heading for each of the patient's calendar days. */
import type { ReactNode } from 'react';
import { dayHeading, slotsByDay } from './care-words.ts';

/** Slots under a heading for each of her days, soonest first (the server sends them in that order). */
export function SlotDays<S extends { day: string; requestId: string }>({
  slots,
  children,
}: {
  slots: readonly S[];
  children: (slot: S) => ReactNode;
}) {
  return (
    <div className="space-y-5">
      {slotsByDay(slots).map(([day, onDay]) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <h3 id={`day-${day}`} className="text-base font-semibold text-ink">
            {dayHeading(day)}
          </h3>
          <ul className="mt-2 space-y-3">
            {onDay.map((slot) => (
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
