/** Money is integer cents plus an ISO currency code; dollars exist only at the edges. */
import type { Currency } from './constants.ts';

export interface Money {
  cents: number;
  currency: Currency;
}

/**
 * Converts a dollar amount with at most two decimals to integer cents.
 * Returns null for anything that is not such an amount (NaN, infinities, 3+ decimals).
 */
export function dollarsToCents(dollars: number): number | null {
  if (!Number.isFinite(dollars)) return null;
  const cents = Math.round(dollars * 100);
  // Reject amounts that are not whole cents (e.g. 10.005). A fixed allowance, far below a tenth
  // of a cent, absorbs binary rounding (19.99 * 100 = 1998.9999999999998) at any size we accept.
  if (Math.abs(cents - dollars * 100) > 1e-4) return null;
  return cents;
}

/** True when a number has at most two decimal places (as the API accepts dollars). */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return dollarsToCents(dollars) !== null;
}

/** Dollars as a JSON number for the spec's API contract (goalAmount, currentAmount). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** "1234.50", "-0.05": an exact decimal string for exports (integer arithmetic, no float rounding). */
export function centsToDecimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, f);
  }
  return f;
}

/** "$1,234.50" (two decimals, as the donate page shows). */
export function formatCents(cents: number, currency: string = 'USD'): string {
  return formatter(currency, 2).format(cents / 100);
}

/** "$1,235" for headline figures; whole dollars, rounded. */
export function formatWholeDollars(cents: number, currency: string = 'USD'): string {
  return formatter(currency, 0).format(Math.round(cents / 100));
}

/** Percent of goal reached, 0 when nothing is raised or the goal is not positive; never NaN. */
export function percentOfGoal(currentCents: number, goalCents: number): number {
  if (!(currentCents > 0) || !(goalCents > 0)) return 0;
  return (currentCents / goalCents) * 100;
}

/** Amount still needed, never negative. */
export function remainingCents(currentCents: number, goalCents: number): number {
  return Math.max(0, goalCents - currentCents);
}
