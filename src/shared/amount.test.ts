import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGES, amountProblem, amountRule } from './amount.ts';

describe('AMOUNT_MESSAGES', () => {
  it('states the rules with the spec limits', () => {
    expect(AMOUNT_MESSAGES).toEqual({
      notNumber: 'Amount must be a number',
      tooSmall: 'Amount must be at least $1',
      tooLarge: 'Amount must be at most $1,000,000',
      tooPrecise: 'Amount can have at most two decimal places',
    });
  });
});

describe('amountProblem', () => {
  it('accepts amounts within the rules', () => {
    expect(amountProblem(1)).toBeNull();
    expect(amountProblem(25)).toBeNull();
    expect(amountProblem(19.99)).toBeNull();
    expect(amountProblem(12.5)).toBeNull();
    expect(amountProblem(1_000)).toBeNull();
    expect(amountProblem(1_000_000)).toBeNull();
    expect(amountProblem(999_999.99)).toBeNull();
  });

  it('rejects anything that is not a finite number', () => {
    expect(amountProblem('25')).toBe(AMOUNT_MESSAGES.notNumber);
    expect(amountProblem('')).toBe(AMOUNT_MESSAGES.notNumber);
    expect(amountProblem(null)).toBe(AMOUNT_MESSAGES.notNumber);
    expect(amountProblem(undefined)).toBe(AMOUNT_MESSAGES.notNumber);
    expect(amountProblem(Number.NaN)).toBe(AMOUNT_MESSAGES.notNumber);
    expect(amountProblem(Number.POSITIVE_INFINITY)).toBe(AMOUNT_MESSAGES.notNumber);
    expect(amountProblem(Number.NEGATIVE_INFINITY)).toBe(AMOUNT_MESSAGES.notNumber);
    expect(amountProblem({ amount: 25 })).toBe(AMOUNT_MESSAGES.notNumber);
    expect(amountProblem(25n)).toBe(AMOUNT_MESSAGES.notNumber);
  });

  it('rejects amounts below $1', () => {
    expect(amountProblem(0.99)).toBe('Amount must be at least $1');
    expect(amountProblem(0.5)).toBe(AMOUNT_MESSAGES.tooSmall);
    expect(amountProblem(0)).toBe(AMOUNT_MESSAGES.tooSmall);
    expect(amountProblem(-0)).toBe(AMOUNT_MESSAGES.tooSmall);
    expect(amountProblem(-25)).toBe(AMOUNT_MESSAGES.tooSmall);
  });

  it('rejects amounts above $1,000,000', () => {
    expect(amountProblem(1_000_000.01)).toBe('Amount must be at most $1,000,000');
    expect(amountProblem(1_000_001)).toBe(AMOUNT_MESSAGES.tooLarge);
    expect(amountProblem(Number.MAX_SAFE_INTEGER)).toBe(AMOUNT_MESSAGES.tooLarge);
  });

  it('rejects more than two decimal places', () => {
    expect(amountProblem(1.005)).toBe('Amount can have at most two decimal places');
    expect(amountProblem(12.345)).toBe(AMOUNT_MESSAGES.tooPrecise);
    expect(amountProblem(25.001)).toBe(AMOUNT_MESSAGES.tooPrecise);
  });

  it('reports the size problem before the precision problem', () => {
    expect(amountProblem(0.999)).toBe(AMOUNT_MESSAGES.tooSmall);
    expect(amountProblem(1_000_000.001)).toBe(AMOUNT_MESSAGES.tooLarge);
  });
});

describe('amountRule (any amount above 0)', () => {
  const refund = amountRule('Refund amount');

  it('accepts one cent and refuses amounts that only round to whole cents, naming the field', () => {
    expect(amountProblem(0.01, refund)).toBeNull();
    expect(amountProblem(0.000001, refund)).toBe('Refund amount can have at most two decimal places');
    expect(amountProblem(0.001, refund)).toBe('Refund amount can have at most two decimal places');
    expect(amountProblem(1.0000009, refund)).toBe('Refund amount can have at most two decimal places');
    expect(amountProblem(10.005, refund)).toBe('Refund amount can have at most two decimal places');
  });

  it('refuses zero and negative amounts as not greater than 0', () => {
    expect(amountProblem(0, refund)).toBe('Refund amount must be greater than 0');
    expect(amountProblem(-0.01, refund)).toBe('Refund amount must be greater than 0');
  });
});
