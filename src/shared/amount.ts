/** The rules for a dollar amount, without zod, so the donate page can check them without loading a schema library. */
import { AMOUNT_MAX_DOLLARS, CUSTOM_AMOUNT_MIN } from './constants.ts';
import { hasAtMostTwoDecimals } from './money.ts';

/** What one dollar field accepts: at least `min` dollars (0: anything above 0) and its messages. */
export interface AmountRule {
  min: number;
  messages: { notNumber: string; tooSmall: string; tooLarge: string; tooPrecise: string };
}

/** The rule for a field named `label`: above 0 (min 0) or at least `min` dollars, at most AMOUNT_MAX_DOLLARS, whole cents. */
export function amountRule(label: string, options: { min?: number; notNumber?: string } = {}): AmountRule {
  const min = options.min ?? 0;
  return {
    min,
    messages: {
      notNumber: options.notNumber ?? `${label} must be a number`,
      tooSmall: min > 0 ? `${label} must be at least $${min}` : `${label} must be greater than 0`,
      tooLarge: `${label} must be at most $${AMOUNT_MAX_DOLLARS.toLocaleString('en-US')}`,
      tooPrecise: `${label} can have at most two decimal places`,
    },
  };
}

/** A gift's amount (donate page, donation intents): at least CUSTOM_AMOUNT_MIN dollars. */
export const DONATION_AMOUNT_RULE = amountRule('Amount', { min: CUSTOM_AMOUNT_MIN });
export const AMOUNT_MESSAGES = DONATION_AMOUNT_RULE.messages;

/** The first problem with an amount in dollars under `rule`, or null when it is acceptable. */
export function amountProblem(dollars: unknown, rule: AmountRule = DONATION_AMOUNT_RULE): string | null {
  if (typeof dollars !== 'number' || !Number.isFinite(dollars)) return rule.messages.notNumber;
  if (dollars <= 0 || dollars < rule.min) return rule.messages.tooSmall;
  if (dollars > AMOUNT_MAX_DOLLARS) return rule.messages.tooLarge;
  // Exact whole cents: 0.000001 and 1.0000009 are refused, never rounded (a positive amount is then >= 1 cent).
  if (!hasAtMostTwoDecimals(dollars)) return rule.messages.tooPrecise;
  return null;
}
