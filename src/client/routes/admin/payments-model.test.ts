import { describe, expect, it } from 'vitest';
import type { IntentCandidate } from '#shared/schemas/payments.ts';
import { candidateLabel, dollarsToCents, formatHasDayFirst, splitSummary, splitTotals } from './payments-model.ts';

const candidate = (over: Partial<IntentCandidate> = {}): IntentCandidate => ({
  intentId: '00000000-0000-4000-8000-000000000001',
  reference: 'HC-AB12',
  amountCents: 4000,
  paymentMethod: 'PayPal',
  createdAt: '2026-11-25T12:00:00Z',
  donorName: 'Cleo',
  campaign: { id: '00000000-0000-4000-8000-000000000002', name: 'the main appeal' },
  ...over,
});

describe('candidateLabel', () => {
  it('names the donor, the reference, the campaign, the amount and the date', () => {
    expect(candidateLabel(candidate())).toMatch(
      /^Record as Cleo’s HC-AB12 gift to the main appeal \(\$40\.00, .*2026\)$/,
    );
  });

  it('says Anonymous for an intent without a name, and leaves out a missing reference', () => {
    expect(candidateLabel(candidate({ donorName: null, reference: null }))).toMatch(
      /^Record as Anonymous’s gift to the main appeal \(\$40\.00, /,
    );
    expect(candidateLabel(candidate({ donorName: '  ' }))).toMatch(/^Record as Anonymous’s HC-AB12 gift/);
  });
});

describe('dollarsToCents', () => {
  it('reads whole dollars, cents and thousands separators', () => {
    expect(dollarsToCents('12')).toBe(1200);
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents(' 1,250.05 ')).toBe(125005);
    expect(dollarsToCents('0.1')).toBe(10);
  });

  it('refuses empty, negative, words and fractions of a cent', () => {
    for (const text of ['', '-5', 'ten', '1.234', '1.2.3']) expect(dollarsToCents(text)).toBeNull();
  });
});

describe('a split', () => {
  it('adds up only when every part has an amount and they sum to the payment', () => {
    expect(splitTotals([{ amount: '25' }, { amount: '15' }], 4000)).toEqual({ total: 4000, left: 0, complete: true });
    expect(splitTotals([{ amount: '25' }, { amount: '' }], 4000)).toMatchObject({
      total: 2500,
      left: 1500,
      complete: false,
    });
    expect(splitTotals([{ amount: '40' }, { amount: '0' }], 4000).complete).toBe(false);
  });

  it('says what is left or too much as she types', () => {
    expect(splitSummary([{ amount: '12' }, { amount: '' }], 4000)).toBe('$12.00 of $40.00: $28.00 left');
    expect(splitSummary([{ amount: '30' }, { amount: '15' }], 4000)).toBe('$45.00 of $40.00: $5.00 too much');
    expect(splitSummary([{ amount: '30' }, { amount: '10.00' }], 4000)).toBe('$40.00 of $40.00: adds up');
  });
});

describe('formatHasDayFirst', () => {
  it('offers day-first dates for PayPal and GoFundMe only', () => {
    expect(['paypal', 'venmo', 'gofundme', 'custom'].filter((f) => formatHasDayFirst(f as never))).toEqual([
      'paypal',
      'gofundme',
    ]);
  });
});
