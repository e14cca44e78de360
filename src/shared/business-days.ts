/** Business days (Monday to Friday, UTC) between two moments: how the donor agreement counts its windows. */
import { SPENDING_WINDOWS_BUSINESS_DAYS } from './constants.ts';

const DAY_MS = 86_400_000;

/** Whole business days elapsed from `from` to `to` (0 on the same day; weekends do not count). */
export function businessDaysBetween(from: Date, to: Date): number {
  const start = Math.floor(from.getTime() / DAY_MS);
  const end = Math.floor(to.getTime() / DAY_MS);
  let days = 0;
  for (let day = start + 1; day <= end; day++) {
    // 1970-01-01 was a Thursday: day % 7 === 2 is Saturday, 3 is Sunday.
    const weekday = (((day + 4) % 7) + 7) % 7; // 0 = Sunday
    if (weekday !== 0 && weekday !== 6) days++;
  }
  return days;
}

export type SpendingWindow = keyof typeof SPENDING_WINDOWS_BUSINESS_DAYS;

export interface WindowAge {
  businessDays: number;
  window: SpendingWindow;
  /** Past the window's upper bound: the promise to donors is broken. */
  late: boolean;
}

export function windowAge(window: SpendingWindow, since: Date, now: Date): WindowAge {
  const businessDays = businessDaysBetween(since, now);
  return { businessDays, window, late: businessDays > SPENDING_WINDOWS_BUSINESS_DAYS[window].to };
}
