/** The donate page's amount rules (spec section 4), kept apart from the UI so they can be unit-tested. */
import { amountProblem } from '#shared/amount.ts';
import { dollarsToCents } from '#shared/money.ts';
import type { DonatePaymentMethod } from '#shared/constants.ts';
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

/** `link` with `query` added to its query string. */
const withQuery = (link: string, query: string) => `${link}${link.includes('?') ? '&' : '?'}${query}`;
const onPath = (link: string, amount: string) => `${link.replace(/\/$/, '')}/${amount}`;

/**
 * How each platform's link takes a gift's amount: PayPal.me and Cash App on the path, Venmo in its pay query, a
 * mail in its body. Buy Me a Coffee's page takes none: the donor types the amount there.
 */
const WITH_AMOUNT: Partial<Record<DonatePaymentMethod, (link: string, amount: string) => string>> = {
  PayPal: onPath,
  CashApp: onPath,
  Venmo: (link, amount) => withQuery(link, `txn=pay&amount=${amount}`),
  'Email Us': (link, amount) => withQuery(link, `body=${encodeURIComponent(`I would like to give $${amount}.`)}`),
};

/** Whether the method's link can carry the amount; where it cannot, the page shows the amount on the way out. */
export const takesAmount = (method: PaymentMethod) => method.name in WITH_AMOUNT;

/** Where a payment method sends the donor: its link, with the amount wherever the platform's link takes one. */
export function paymentLink(method: PaymentMethod, dollars: number): string {
  const amount = Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);
  return WITH_AMOUNT[method.name]?.(method.link, amount) ?? method.link;
}

/** Said beside the amount when a payment method is pressed before one is chosen. */
export const NO_AMOUNT_MESSAGE = 'Please select or enter a donation amount first.';
