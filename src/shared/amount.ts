/** The rules for a dollar amount, without zod, so the donate page can check them without loading a schema library. */
import { AMOUNT_MAX_DOLLARS, CUSTOM_AMOUNT_MIN } from './constants.ts';
import { hasAtMostTwoDecimals } from './money.ts';

export const AMOUNT_MESSAGES = {
  notNumber: 'Amount must be a number',
  tooSmall: `Amount must be at least $${CUSTOM_AMOUNT_MIN}`,
  tooLarge: `Amount must be at most $${AMOUNT_MAX_DOLLARS.toLocaleString('en-US')}`,
  tooPrecise: 'Amount can have at most two decimal places',
} as const;

/** The first problem with an amount in dollars, or null when it is acceptable. */
export function amountProblem(dollars: unknown): string | null {
  if (typeof dollars !== 'number' || !Number.isFinite(dollars)) return AMOUNT_MESSAGES.notNumber;
  if (dollars < CUSTOM_AMOUNT_MIN) return AMOUNT_MESSAGES.tooSmall;
  if (dollars > AMOUNT_MAX_DOLLARS) return AMOUNT_MESSAGES.tooLarge;
  if (!hasAtMostTwoDecimals(dollars)) return AMOUNT_MESSAGES.tooPrecise;
  return null;
}
