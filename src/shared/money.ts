/** Money is integer cents plus an ISO currency code; dollars exist only at the edges. */
import type { Currency } from './constants.ts';

export interface Money {
  cents: number;
  currency: Currency;
}

/** Beyond this many dollars a double no longer holds every cent exactly (2^53 cents). */
const EXACT_DOLLARS_MAX = Number.MAX_SAFE_INTEGER / 100;

/**
 * Converts a dollar amount with at most two decimals to integer cents; the only dollars-to-cents
 * conversion. Exact: accepts a number only when it is the double nearest to a two-decimal value
 * (19.99, 0.07), so 0.000001, 1.0000009 and 10.005 are refused rather than rounded. Returns null
 * for anything else (NaN, infinities, a third significant decimal, amounts past 2^53 cents).
 */
export function dollarsToCents(dollars: number): number | null {
  if (!Number.isFinite(dollars) || Math.abs(dollars) > EXACT_DOLLARS_MAX) return null;
  const decimal = dollars.toFixed(2);
  if (Number(decimal) !== dollars) return null;
  // Cents from the decimal digits, not from dollars * 100 (19.99 * 100 is 1998.9999999999998).
  const cents = Number(decimal.replace('.', ''));
  return cents === 0 ? 0 : cents;
}

/** An optional minus, digits, and optionally a point and more digits: no exponent, plus sign or grouping. */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Converts a decimal string ("50.00", "3", "4.5", "-0.05", a processor's "5.0000") to integer cents by its digits,
 * never through a double; the only decimal-string-to-cents conversion. Returns null unless it is exact: a nonzero
 * third decimal ("10.005"), an exponent, a plus sign, grouping ("1,000.00"), spaces or amounts past 2^53 cents.
 */
export function decimalToCents(text: string): number | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  if (/[^0]/.test(fraction.slice(2))) return null;
  const cents = Number(`${whole}${fraction.slice(0, 2).padEnd(2, '0')}`);
  if (!Number.isSafeInteger(cents)) return null;
  return minus && cents !== 0 ? -cents : cents;
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

/** The whole percent (0-100) a progress bar shows. */
export const shownPercentOf = (currentCents: number, goalCents: number) =>
  Math.min(100, Math.round(percentOfGoal(currentCents, goalCents)));

/** Amount still needed, never negative. */
export function remainingCents(currentCents: number, goalCents: number): number {
  return Math.max(0, goalCents - currentCents);
}
