import { describe, expect, it } from 'vitest';
import {
  documentLabel,
  formatCents,
  formatDate,
  formatDay,
  formatShortDate,
  formatUsdEstimate,
  formatWhen,
  formatWholeDollars,
} from './format.ts';

// Moments at noon UTC fall on the same date in every zone from UTC-11 to UTC+11, so the dates below hold
// wherever the test runs; the locale is the default en-US.
const NOON = '2025-03-04T12:00:00Z';

describe('money', () => {
  it('shows cents with two decimals and thousands separators', () => {
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(7)).toBe('$0.07');
    expect(formatCents(5_000)).toBe('$50.00');
  });

  it('names a currency other than US dollars by its symbol', () => {
    expect(formatCents(2_000, 'CAD')).toBe('CA$20.00');
    expect(formatCents(5_000, 'EUR')).toBe('€50.00');
  });

  it('rounds headline figures to whole dollars', () => {
    expect(formatWholeDollars(123_450)).toBe('$1,235');
    expect(formatWholeDollars(1_500_000)).toBe('$15,000');
    expect(formatWholeDollars(2_000, 'CAD')).toBe('CA$20');
  });

  it('shows the US-dollar estimate beside another currency', () => {
    expect(formatUsdEstimate(1_460)).toBe('≈ $14.60 USD');
  });
});

describe('dates', () => {
  it('shows a moment with its time', () => {
    expect(formatWhen(NOON)).toMatch(/^Mar 4, 2025, \d{1,2}:\d{2}\s[AP]M$/);
  });

  it('shows the date of a moment, long or short', () => {
    expect(formatDate(NOON)).toBe('March 4, 2025');
    expect(formatShortDate(NOON)).toBe('Mar 4, 2025');
  });

  it('reads a calendar day in UTC so it never moves a day', () => {
    expect(formatDay('2025-03-04')).toBe('Mar 4, 2025');
    expect(formatDay('2025-03-04', 'long')).toBe('March 4, 2025');
    expect(formatDay('2025-03-04', 'monthDay')).toBe('Mar 4');
    expect(formatDay('2025-12-31T23:30:00Z', 'long')).toBe('December 31, 2025');
  });

  it('gives back text that is no date as it is', () => {
    expect(formatDay('soon')).toBe('soon');
  });
});

describe('documentLabel', () => {
  it('names a document by kind and size', () => {
    expect(documentLabel({ contentType: 'application/pdf', size: 300 })).toBe('PDF, 1 KB');
    expect(documentLabel({ contentType: 'image/jpeg', size: 2.5 * 1024 * 1024 })).toBe('JPEG, 2.5 MB');
  });
});
