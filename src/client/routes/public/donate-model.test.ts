import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGES } from '#shared/amount.ts';
import type { PaymentMethod } from '#shared/schemas/campaign.ts';
import {
  NO_AMOUNT_MESSAGE,
  effectiveAmount,
  initialAmountState,
  isStripeLink,
  paymentLink,
  pickQuick,
  takesAmount,
  typeCustom,
} from './donate-model.ts';

describe('donate page amount state', () => {
  it('starts with no amount', () => {
    expect(initialAmountState).toEqual({ quick: null, custom: '' });
    expect(effectiveAmount(initialAmountState)).toEqual({ ok: false, reason: null });
  });

  it('picking a quick amount clears the custom amount', () => {
    const typed = typeCustom(initialAmountState, '42');
    expect(pickQuick(typed, 50)).toEqual({ quick: 50, custom: '' });
  });

  it('typing a custom amount clears the quick selection', () => {
    const picked = pickQuick(initialAmountState, 100);
    expect(typeCustom(picked, '7')).toEqual({ quick: null, custom: '7' });
  });

  it('keeps what the visitor typed, as typed', () => {
    expect(typeCustom(initialAmountState, ' 12.50 ').custom).toBe(' 12.50 ');
  });

  it('does not mutate the previous state', () => {
    const before = { quick: 25, custom: '' };
    typeCustom(before, '9');
    pickQuick(before, 50);
    expect(before).toEqual({ quick: 25, custom: '' });
  });
});

describe('effectiveAmount', () => {
  it('uses the quick amount when nothing is typed', () => {
    expect(effectiveAmount(pickQuick(initialAmountState, 250))).toEqual({ ok: true, dollars: 250, cents: 25_000 });
  });

  it('uses the custom amount when present, even over a quick amount', () => {
    expect(effectiveAmount({ quick: 500, custom: '12.5' })).toEqual({ ok: true, dollars: 12.5, cents: 1250 });
    expect(effectiveAmount(typeCustom(initialAmountState, '19.99'))).toEqual({ ok: true, dollars: 19.99, cents: 1999 });
    expect(effectiveAmount(typeCustom(initialAmountState, ' 30 '))).toEqual({ ok: true, dollars: 30, cents: 3000 });
  });

  it('falls back to the quick amount when the custom amount is empty or blank', () => {
    expect(effectiveAmount({ quick: 25, custom: '' })).toEqual({ ok: true, dollars: 25, cents: 2500 });
    expect(effectiveAmount({ quick: 25, custom: '   ' })).toEqual({ ok: true, dollars: 25, cents: 2500 });
  });

  it('has no amount and no reason when custom is cleared after typing', () => {
    const state = typeCustom(typeCustom(pickQuick(initialAmountState, 25), '40'), '');
    expect(effectiveAmount(state)).toEqual({ ok: false, reason: null });
  });

  it('rejects a custom amount below the minimum with the minimum message', () => {
    expect(effectiveAmount(typeCustom(initialAmountState, '0.5'))).toEqual({
      ok: false,
      reason: 'Amount must be at least $1',
    });
    expect(effectiveAmount(typeCustom(initialAmountState, '0'))).toEqual({
      ok: false,
      reason: AMOUNT_MESSAGES.tooSmall,
    });
    expect(effectiveAmount(typeCustom(initialAmountState, '-10'))).toEqual({
      ok: false,
      reason: AMOUNT_MESSAGES.tooSmall,
    });
  });

  it('accepts exactly the minimum', () => {
    expect(effectiveAmount(typeCustom(initialAmountState, '1'))).toEqual({ ok: true, dollars: 1, cents: 100 });
  });

  it('rejects a custom amount with more than two decimals', () => {
    expect(effectiveAmount(typeCustom(initialAmountState, '12.345'))).toEqual({
      ok: false,
      reason: 'Amount can have at most two decimal places',
    });
  });

  it('rejects a custom amount that is not a number', () => {
    expect(effectiveAmount(typeCustom(initialAmountState, 'abc'))).toEqual({
      ok: false,
      reason: AMOUNT_MESSAGES.notNumber,
    });
    expect(effectiveAmount(typeCustom(initialAmountState, '12,50'))).toEqual({
      ok: false,
      reason: AMOUNT_MESSAGES.notNumber,
    });
    expect(effectiveAmount(typeCustom(initialAmountState, 'Infinity'))).toEqual({
      ok: false,
      reason: AMOUNT_MESSAGES.notNumber,
    });
  });

  it('rejects a custom amount above the maximum', () => {
    expect(effectiveAmount(typeCustom(initialAmountState, '1000000.01'))).toEqual({
      ok: false,
      reason: AMOUNT_MESSAGES.tooLarge,
    });
  });

  it('accepts every quick amount', () => {
    for (const quick of [25, 50, 100, 250, 500, 1000]) {
      expect(effectiveAmount(pickQuick(initialAmountState, quick))).toEqual({
        ok: true,
        dollars: quick,
        cents: quick * 100,
      });
    }
  });
});

describe('paymentLink', () => {
  const method = (name: PaymentMethod['name'], link: string): PaymentMethod => ({
    name,
    description: `Give with ${name}`,
    link,
    color: '#003087',
  });

  it('appends a whole amount to a PayPal.me or Cash App path', () => {
    expect(paymentLink(method('PayPal', 'https://www.paypal.me/x'), 25)).toBe('https://www.paypal.me/x/25');
    expect(paymentLink(method('PayPal', 'https://www.paypal.me/x'), 1000)).toBe('https://www.paypal.me/x/1000');
    expect(paymentLink(method('CashApp', 'https://cash.app/$x'), 50)).toBe('https://cash.app/$x/50');
  });

  it('appends a fractional amount with two decimals', () => {
    expect(paymentLink(method('PayPal', 'https://www.paypal.me/x'), 12.5)).toBe('https://www.paypal.me/x/12.50');
    expect(paymentLink(method('PayPal', 'https://www.paypal.me/x'), 19.99)).toBe('https://www.paypal.me/x/19.99');
    expect(paymentLink(method('CashApp', 'https://cash.app/$x/'), 12.5)).toBe('https://cash.app/$x/12.50');
  });

  it('does not double a trailing slash', () => {
    expect(paymentLink(method('PayPal', 'https://www.paypal.me/x/'), 25)).toBe('https://www.paypal.me/x/25');
  });

  it('gives Venmo the amount in its pay query, after any query the link has', () => {
    expect(paymentLink(method('Venmo', 'https://venmo.com/u/x'), 12.34)).toBe(
      'https://venmo.com/u/x?txn=pay&amount=12.34',
    );
    expect(paymentLink(method('Venmo', 'https://venmo.com/x?note=Maya'), 25)).toBe(
      'https://venmo.com/x?note=Maya&txn=pay&amount=25',
    );
  });

  it('writes the amount into the body of a mail, beside its subject', () => {
    expect(paymentLink(method('Email Us', 'mailto:give@example.org?subject=Donation'), 25)).toBe(
      'mailto:give@example.org?subject=Donation&body=I%20would%20like%20to%20give%20%2425.',
    );
  });

  it('leaves a link that cannot take the amount as it is, and says it cannot', () => {
    const coffee = method('Buy Me a Coffee', 'https://www.buymeacoffee.com/x');
    expect(paymentLink(coffee, 25)).toBe('https://www.buymeacoffee.com/x');
    expect(takesAmount(coffee)).toBe(false);
    for (const name of ['PayPal', 'CashApp', 'Venmo', 'Email Us'] as const)
      expect(takesAmount(method(name, 'https://x.example'))).toBe(true);
  });
});

describe("paymentLink with the gift's reference", () => {
  const method = (name: PaymentMethod['name'], link: string): PaymentMethod => ({
    name,
    description: `Give with ${name}`,
    link,
    color: '#003087',
  });

  it('gives Venmo the reference as the pay note, after the amount', () => {
    expect(paymentLink(method('Venmo', 'https://venmo.com/u/x'), 25, 'HC-7KQ3')).toBe(
      'https://venmo.com/u/x?txn=pay&amount=25&note=HC-7KQ3',
    );
    expect(paymentLink(method('Venmo', 'https://venmo.com/x?note=Maya'), 12.5, 'HC-7KQ3')).toBe(
      'https://venmo.com/x?note=Maya&txn=pay&amount=12.50&note=HC-7KQ3',
    );
  });

  it('gives a Stripe Payment Link the reference as client_reference_id and no amount, whichever method carries it', () => {
    expect(paymentLink(method('Buy Me a Coffee', 'https://buy.stripe.com/test_00g5kE'), 25, 'HC-7KQ3')).toBe(
      'https://buy.stripe.com/test_00g5kE?client_reference_id=HC-7KQ3',
    );
    expect(paymentLink(method('PayPal', 'https://buy.stripe.com/00g5kE?locale=en'), 25, 'HC-7KQ3')).toBe(
      'https://buy.stripe.com/00g5kE?locale=en&client_reference_id=HC-7KQ3',
    );
    expect(paymentLink(method('PayPal', 'https://buy.stripe.com/00g5kE'), 25)).toBe('https://buy.stripe.com/00g5kE');
  });

  it('says a Stripe Payment Link cannot take the amount, so the page shows it on the way out', () => {
    expect(takesAmount(method('PayPal', 'https://buy.stripe.com/00g5kE'))).toBe(false);
    expect(isStripeLink('https://buy.stripe.com/00g5kE')).toBe(true);
    for (const other of ['https://www.paypal.me/x', 'https://stripe.com/buy', 'https://buy.stripe.com.example.org/x'])
      expect(isStripeLink(other), other).toBe(false);
  });

  it('writes the reference into the body of a mail, after the amount', () => {
    expect(paymentLink(method('Email Us', 'mailto:give@example.org?subject=Donation'), 25, 'HC-7KQ3')).toBe(
      "mailto:give@example.org?subject=Donation&body=I%20would%20like%20to%20give%20%2425.%20My%20gift's%20reference%20is%20HC-7KQ3.",
    );
  });

  it('leaves PayPal.me, Cash App and Buy Me a Coffee links without the reference: they take none', () => {
    expect(paymentLink(method('PayPal', 'https://www.paypal.me/x'), 25, 'HC-7KQ3')).toBe('https://www.paypal.me/x/25');
    expect(paymentLink(method('CashApp', 'https://cash.app/$x'), 25, 'HC-7KQ3')).toBe('https://cash.app/$x/25');
    expect(paymentLink(method('Buy Me a Coffee', 'https://www.buymeacoffee.com/x'), 25, 'HC-7KQ3')).toBe(
      'https://www.buymeacoffee.com/x',
    );
  });

  it('escapes a reference that is not one of ours rather than breaking the link', () => {
    expect(paymentLink(method('Venmo', 'https://venmo.com/u/x'), 25, 'HC 7&x=1')).toBe(
      'https://venmo.com/u/x?txn=pay&amount=25&note=HC%207%26x%3D1',
    );
  });
});

describe('NO_AMOUNT_MESSAGE', () => {
  it('is the spec text, said beside the amount rather than in an alert', () => {
    expect(NO_AMOUNT_MESSAGE).toBe('Please select or enter a donation amount first.');
  });
});
