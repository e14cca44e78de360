/** The donate page's amount rules (spec section 4), kept apart from the UI so they can be unit-tested. */
import { amountProblem } from '#shared/amount.ts';
import { dollarsToCents } from '#shared/money.ts';
import type { PaymentMethod } from '#shared/schemas/campaign.ts';

export interface AmountState {
  quick: number | null;
  /** What the visitor typed, as typed. */
  custom: string;
}

export const initialAmountState: AmountState = { quick: null, custom: '' };

/** Picking a quick amount clears the custom amount. */
export function pickQuick(_state: AmountState, amount: number): AmountState {
  return { quick: amount, custom: '' };
}

/** Typing a custom amount clears the quick selection. */
export function typeCustom(_state: AmountState, custom: string): AmountState {
  return { quick: null, custom };
}

export type EffectiveAmount = { ok: true; dollars: number; cents: number } | { ok: false; reason: string | null };

/** The custom amount if present, otherwise the quick amount; checked by the shared amount rules. */
export function effectiveAmount(state: AmountState): EffectiveAmount {
  const raw = state.custom.trim() !== '' ? Number(state.custom) : state.quick;
  if (raw === null) return { ok: false, reason: null };
  const problem = amountProblem(raw);
  if (problem) return { ok: false, reason: problem };
  return { ok: true, dollars: raw, cents: dollarsToCents(raw)! };
}

/** Where a payment method sends the donor; PayPal-style links take the amount on the path. */
export function paymentLink(method: PaymentMethod, dollars: number): string {
  if (!method.appendAmountToPath) return method.link;
  const amount = Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);
  return `${method.link.replace(/\/$/, '')}/${amount}`;
}

export const NO_AMOUNT_ALERT = 'Please select or enter a donation amount first.';
