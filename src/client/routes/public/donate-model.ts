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
 * A Stripe Payment Link, whichever method carries it: its price is Stripe's, so it takes no amount, and it carries the
 * gift's reference back in the checkout as `client_reference_id`. Its after-payment page is `<PUBLIC_URL>/thank-you`.
 */
export const isStripeLink = (link: string) => link.startsWith('https://buy.stripe.com/');

/**
 * How each platform's link takes a gift's amount and reference: PayPal.me and Cash App the amount on the path (no
 * reference), Venmo both in its pay query (the reference as the payment's note), a mail both in its body. Buy Me a
 * Coffee's page takes neither: the donor types the amount there.
 */
const WITH_GIFT: Partial<Record<DonatePaymentMethod, (link: string, amount: string, reference: string) => string>> = {
  PayPal: onPath,
  CashApp: onPath,
  Venmo: (link, amount, reference) =>
    withQuery(link, `txn=pay&amount=${amount}${reference && `&note=${encodeURIComponent(reference)}`}`),
  'Email Us': (link, amount, reference) =>
    withQuery(
      link,
      `body=${encodeURIComponent(`I would like to give $${amount}.${reference && ` My gift's reference is ${reference}.`}`)}`,
    ),
};

/** Whether the method's link can carry the amount; where it cannot, the page shows the amount on the way out. */
export const takesAmount = (method: PaymentMethod) => method.name in WITH_GIFT && !isStripeLink(method.link);

/**
 * Where a payment method sends the donor: its link, with the amount and the gift's reference (once the intent gave
 * one) wherever the platform's link takes them.
 */
export function paymentLink(method: PaymentMethod, dollars: number, reference = ''): string {
  const amount = Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);
  const { link } = method;
  if (isStripeLink(link))
    return reference ? withQuery(link, `client_reference_id=${encodeURIComponent(reference)}`) : link;
  return WITH_GIFT[method.name]?.(link, amount, reference) ?? link;
}

/** Said beside the amount when a payment method is pressed before one is chosen. */
export const NO_AMOUNT_MESSAGE = 'Please select or enter a donation amount first.';
