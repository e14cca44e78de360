import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  centsToDecimal,
  centsToDollars,
  decimalToCents,
  dollarsToCents,
  formatCents,
  formatWholeDollars,
  hasAtMostTwoDecimals,
  percentOfGoal,
  shownPercentOf,
  remainingCents,
} from './money.ts';

describe('dollarsToCents', () => {
  it('converts whole dollars', () => {
    expect(dollarsToCents(0)).toBe(0);
    expect(dollarsToCents(1)).toBe(100);
    expect(dollarsToCents(25)).toBe(2500);
    expect(dollarsToCents(15_000)).toBe(1_500_000);
    expect(dollarsToCents(1_000_000)).toBe(100_000_000);
  });

  it('converts amounts with one or two decimals', () => {
    expect(dollarsToCents(12.5)).toBe(1250);
    expect(dollarsToCents(100.5)).toBe(10_050);
    expect(dollarsToCents(1234.56)).toBe(123_456);
  });

  it('absorbs binary floating-point noise in two-decimal amounts', () => {
    // 19.99 * 100 === 1998.9999999999998, 0.07 * 100 === 7.000000000000001
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.07)).toBe(7);
    expect(dollarsToCents(1.15)).toBe(115);
    expect(dollarsToCents(4.35)).toBe(435);
  });

  it('returns null for three or more decimals', () => {
    expect(dollarsToCents(1.005)).toBeNull();
    expect(dollarsToCents(10.005)).toBeNull();
    expect(dollarsToCents(12.345)).toBeNull();
    expect(dollarsToCents(0.001)).toBeNull();
    expect(dollarsToCents(0.125)).toBeNull();
    expect(dollarsToCents(99.999)).toBeNull();
  });

  it('returns null for amounts that only round to whole cents: 0.000001, 1.0000009, 0.1 + 0.2', () => {
    expect(dollarsToCents(0.000001)).toBeNull();
    expect(dollarsToCents(1.0000009)).toBeNull();
    expect(dollarsToCents(0.1 + 0.2)).toBeNull();
    expect(dollarsToCents(Number.MIN_VALUE)).toBeNull();
    expect(dollarsToCents(-0.001)).toBeNull();
  });

  it('returns null past 2^53 cents, where a double no longer holds every cent', () => {
    expect(dollarsToCents(1e15)).toBeNull();
    expect(dollarsToCents(Number.MAX_VALUE)).toBeNull();
  });

  it('returns null for NaN and infinities', () => {
    expect(dollarsToCents(Number.NaN)).toBeNull();
    expect(dollarsToCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(dollarsToCents(Number.NEGATIVE_INFINITY)).toBeNull();
  });

  it('round-trips any whole number of cents up to 10^11 (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 11n }).map(Number),
        (cents) => dollarsToCents(cents / 100) === cents,
      ),
      { numRuns: 2000 },
    );
  });

  it('round-trips every two-decimal amount, as a JSON client sends it, to its cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 11), max: 10 ** 11 }), (cents) => {
        const sign = cents < 0 ? '-' : '';
        const text = `${sign}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
        return dollarsToCents(JSON.parse(text) as number) === cents;
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts no amount with a significant digit past the second decimal that a double can hold (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 8 }),
        fc.integer({ min: 3, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (cents, place, digit) => {
          // cents/100 plus one non-zero digit at the given decimal place (0.001 ... 1e-12).
          const amount = Number(`${(cents / 100).toFixed(2)}${'0'.repeat(place - 3)}${digit}`);
          // Past ~16 significant digits the extra digit is lost in parsing: the client sent cents/100.
          fc.pre(amount !== cents / 100);
          return dollarsToCents(amount) === null && hasAtMostTwoDecimals(amount) === false;
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never returns a cent count that differs from the amount by any fraction (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), (amount) => {
        const cents = dollarsToCents(amount);
        return cents === null || (Number.isInteger(cents) && cents / 100 === amount);
      }),
      { numRuns: 5000 },
    );
  });

  it('rejects any amount with a non-zero third decimal, up to the $1,000,000 maximum (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }).filter((mills) => mills % 10 !== 0),
        (mills) => dollarsToCents(mills / 1000) === null,
      ),
      { numRuns: 2000 },
    );
  });
});

describe('hasAtMostTwoDecimals', () => {
  it('accepts whole and two-decimal amounts', () => {
    expect(hasAtMostTwoDecimals(1)).toBe(true);
    expect(hasAtMostTwoDecimals(19.99)).toBe(true);
    expect(hasAtMostTwoDecimals(0.07)).toBe(true);
    expect(hasAtMostTwoDecimals(12.5)).toBe(true);
  });

  it('rejects three decimals and non-finite numbers', () => {
    expect(hasAtMostTwoDecimals(1.005)).toBe(false);
    expect(hasAtMostTwoDecimals(12.345)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('centsToDollars', () => {
  it('divides by 100', () => {
    expect(centsToDollars(0)).toBe(0);
    expect(centsToDollars(1_500_000)).toBe(15_000);
    expect(centsToDollars(17_350)).toBe(173.5);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(7)).toBe(0.07);
  });
});

describe('centsToDecimal', () => {
  it('writes cents as an exact two-decimal string', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(7)).toBe('0.07');
    expect(centsToDecimal(12_050)).toBe('120.50');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(1_000_000_001)).toBe('10000000.01');
  });

  it('reads back to the same cents for any amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        (cents) => Math.round(Number(centsToDecimal(cents)) * 100) === cents,
      ),
    );
  });
});

describe('decimalToCents', () => {
  it('converts a decimal string by its digits', () => {
    expect(decimalToCents('50.00')).toBe(5000);
    expect(decimalToCents('3')).toBe(300);
    expect(decimalToCents('4.5')).toBe(450);
    expect(decimalToCents('19.99')).toBe(1999);
    expect(decimalToCents('0.07')).toBe(7);
    expect(decimalToCents('007.50')).toBe(750);
    expect(decimalToCents('-0.05')).toBe(-5);
    expect(decimalToCents('-0.00')).toBe(0);
  });

  it('accepts zeros past the second decimal, as processors write prices ("5.0000")', () => {
    expect(decimalToCents('5.0000')).toBe(500);
    expect(decimalToCents('1.2300')).toBe(123);
  });

  it('returns null for a nonzero third decimal rather than rounding', () => {
    expect(decimalToCents('10.005')).toBeNull();
    expect(decimalToCents('0.001')).toBeNull();
    expect(decimalToCents('1.2301')).toBeNull();
  });

  it('returns null for anything but plain digits and one point', () => {
    for (const text of [
      '',
      ' 1.00',
      '1.00 ',
      '+1.00',
      '1e2',
      '1,000.00',
      '1.',
      '.50',
      '1.2.3',
      '$5',
      'NaN',
      'Infinity',
      '--1',
    ]) {
      expect(decimalToCents(text), text).toBeNull();
    }
  });

  it('returns null past 2^53 cents', () => {
    expect(decimalToCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(decimalToCents('90071992547409.92')).toBeNull();
    expect(decimalToCents('100000000000000000000.00')).toBeNull();
  });

  it('reads back every amount centsToDecimal writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
      }),
    );
  });
});

describe('formatCents', () => {
  it('shows US dollars with thousands separators and two decimals', () => {
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(7)).toBe('$0.07');
    expect(formatCents(1_500_000)).toBe('$15,000.00');
    expect(formatCents(100_000_000)).toBe('$1,000,000.00');
  });

  it('shows other currencies with their own symbol', () => {
    expect(formatCents(123_450, 'CAD')).toBe('CA$1,234.50');
    expect(formatCents(10_000, 'CAD')).toBe('CA$100.00');
    expect(formatCents(5_000, 'EUR')).toBe('€50.00');
    expect(formatCents(5_000, 'GBP')).toBe('£50.00');
  });

  it('keeps the currency apart when formatters are cached', () => {
    expect(formatCents(100, 'USD')).toBe('$1.00');
    expect(formatCents(100, 'CAD')).toBe('CA$1.00');
    expect(formatCents(100, 'USD')).toBe('$1.00');
  });
});

describe('formatWholeDollars', () => {
  it('shows whole dollars, rounded', () => {
    expect(formatWholeDollars(1_500_000)).toBe('$15,000');
    expect(formatWholeDollars(123_450)).toBe('$1,235');
    expect(formatWholeDollars(123_449)).toBe('$1,234');
    expect(formatWholeDollars(0)).toBe('$0');
    expect(formatWholeDollars(99)).toBe('$1');
  });

  it('uses the given currency', () => {
    expect(formatWholeDollars(10_000, 'CAD')).toBe('CA$100');
  });

  it('does not share a cached formatter with formatCents', () => {
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatWholeDollars(123_450)).toBe('$1,235');
    expect(formatCents(123_450)).toBe('$1,234.50');
  });
});

describe('shownPercentOf', () => {
  it('is the whole percent raised, rounded, as a progress bar shows it', () => {
    expect(shownPercentOf(236_263, 945_050)).toBe(25);
    expect(shownPercentOf(1_000, 200_000)).toBe(1);
    expect(shownPercentOf(0, 945_050)).toBe(0);
  });

  it('stops at 100 when more than the goal is raised', () => {
    expect(shownPercentOf(3_000_000, 1_500_000)).toBe(100);
  });
});

describe('percentOfGoal', () => {
  it('is 0 when nothing is raised', () => {
    expect(percentOfGoal(0, 1_500_000)).toBe(0);
  });

  it('is 0 when the goal is zero or negative', () => {
    expect(percentOfGoal(0, 0)).toBe(0);
    expect(percentOfGoal(5_000, 0)).toBe(0);
    expect(percentOfGoal(5_000, -100)).toBe(0);
  });

  it('is the share of the goal raised, in percent', () => {
    expect(percentOfGoal(750_000, 1_500_000)).toBe(50);
    expect(percentOfGoal(1_500_000, 1_500_000)).toBe(100);
    expect(percentOfGoal(15_000, 1_500_000)).toBe(1);
    expect(percentOfGoal(3_000_000, 1_500_000)).toBe(200);
  });

  it('is never NaN or infinite for whole-cent inputs (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        (current, goal) => {
          const p = percentOfGoal(current, goal);
          return Number.isFinite(p) && p >= 0;
        },
      ),
    );
  });
});

describe('remainingCents', () => {
  it('is the goal minus what is raised', () => {
    expect(remainingCents(0, 1_500_000)).toBe(1_500_000);
    expect(remainingCents(17_350, 1_500_000)).toBe(1_482_650);
  });

  it('is never negative', () => {
    expect(remainingCents(1_500_000, 1_500_000)).toBe(0);
    expect(remainingCents(2_000_000, 1_500_000)).toBe(0);
    expect(remainingCents(100, 0)).toBe(0);
  });

  it('is never negative for any inputs (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        (current, goal) => {
          const r = remainingCents(current, goal);
          return r >= 0 && (r === 0 || r === goal - current);
        },
      ),
    );
  });
});
