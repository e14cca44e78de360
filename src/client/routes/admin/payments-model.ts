/** The Payments page's pure rules: how a suggestion reads, what a split adds up to, which variable turns a processor on. */
import type { IntentCandidate, SigningProcessor, StatementFormatKind } from '#shared/schemas/payments.ts';
import { formatCents, formatShortDate } from '#client/lib/format.ts';

/** The variable (or variables' names, as docs/payments.md and the config say them) that turns each processor on. */
export const PROCESSOR_SECRET_VARIABLE: Record<SigningProcessor, string> = {
  stripe: 'STRIPE_WEBHOOK_SECRET',
  paypal: 'PAYPAL_WEBHOOK_ID',
  buymeacoffee: 'BUYMEACOFFEE_WEBHOOK_SECRET',
  kofi: 'KOFI_VERIFICATION_TOKEN',
};

/** The formats a manager chooses from, in words. */
export const STATEMENT_FORMAT_NAMES: Record<StatementFormatKind, string> = {
  paypal: 'PayPal activity download',
  venmo: 'Venmo statement',
  gofundme: 'GoFundMe export',
  custom: 'Custom CSV',
};

/** Only PayPal's and GoFundMe's exports may write the day first (Venmo's never; a mapping says so itself). */
export const formatHasDayFirst = (format: StatementFormatKind) => format === 'paypal' || format === 'gofundme';

/** "Record as Cleo's HC-AB12 gift to the main appeal ($40.00, Nov 25, 2026)": one click records it. */
export function candidateLabel(candidate: IntentCandidate): string {
  const who = candidate.donorName?.trim() || 'Anonymous';
  const reference = candidate.reference ? `${candidate.reference} ` : '';
  return `Record as ${who}’s ${reference}gift to ${candidate.campaign.name} (${formatCents(candidate.amountCents)}, ${formatShortDate(candidate.createdAt)})`;
}

/** Dollars as typed ("12", "12.5", "1,250.00") in cents; null for anything else (empty, negative, more than cents). */
export function dollarsToCents(text: string): number | null {
  const plain = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(plain)) return null;
  const [whole = '0', fraction = ''] = plain.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** What the parts typed so far add up to, and what is left of the payment (negative: too much); null parts count 0. */
export function splitTotals(parts: readonly { amount: string }[], paymentCents: number) {
  const cents = parts.map((p) => dollarsToCents(p.amount));
  const total = cents.reduce<number>((sum, c) => sum + (c ?? 0), 0);
  return {
    total,
    left: paymentCents - total,
    complete: cents.every((c) => c !== null && c > 0) && total === paymentCents,
  };
}

/** "$12.00 of $40.00: $28.00 left", as the split form says it while she types. */
export function splitSummary(parts: readonly { amount: string }[], paymentCents: number): string {
  const { total, left } = splitTotals(parts, paymentCents);
  const of = `${formatCents(total)} of ${formatCents(paymentCents)}`;
  if (left === 0) return `${of}: adds up`;
  return left > 0 ? `${of}: ${formatCents(left)} left` : `${of}: ${formatCents(-left)} too much`;
}
