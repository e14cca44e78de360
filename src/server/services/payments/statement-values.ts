/**
 * A statement cell's amount, date and time zone, read without guessing more than the cell allows: amounts to integer
 * cents by string arithmetic (no float ever holds money), dates to their instant. Each reader returns null for a
 * cell it cannot read, and the caller names the line.
 */

/** Cents, negative for money out, and the currency the cell itself names ("€", "GBP"), null when it names none. */
export interface Amount {
  cents: number;
  currency: string | null;
}

// "$" alone is US, Canadian or Australian, so it names no currency; the prefixed dollars and the other symbols do.
const SYMBOLS: Record<string, string | null> = {
  $: null,
  US$: 'USD',
  C$: 'CAD',
  CA$: 'CAD',
  A$: 'AUD',
  AU$: 'AUD',
  '€': 'EUR',
  '£': 'GBP',
};
const CURRENCY = String.raw`(US\$|CA?\$|AU?\$|\$|€|£|[A-Za-z]{3})`;
const AMOUNT = new RegExp(String.raw`^([+-]?)\s*${CURRENCY}?\s*([+-]?)\s*(\d(?:[\d.,' ]*\d)?)\s*${CURRENCY}?$`);
// Thousands groups, also by spaces ("1 234,56") or apostrophes ("1'234.56").
const GROUPED_BY_COMMAS = /^\d{1,3}(?:[, ']\d{3})+$/;
const GROUPED_BY_DOTS = /^\d{1,3}(?:[. ']\d{3})+$/;
// Digits past this many (whole and cents) could leave the integers a double holds exactly.
const DIGITS_MAX = 15;
// Longer cells are not amounts, and are refused before a pattern could take long over them.
const CELL_CHARS_MAX = 64;

/**
 * Reads "1,234.56", "$1,234.56", "+ $50.00", "- $20.00", "(20.00)", "1.234,56 €", "EUR 12,50". With `decimalComma`
 * undefined, a comma followed by one or two final digits ("12,50", "1.234,56") is the decimal mark, and otherwise
 * the dot is: the one reading that is never ambiguous, as no export writes a thousands group of two digits, and a
 * dot followed by three digits ("1.234") is then refused rather than read as either 1.234 or 1234.
 */
export function parseAmount(text: string, decimalComma?: boolean): Amount | null {
  if (text.length > CELL_CHARS_MAX) return null;
  let value = text
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/\u2212/g, '-')
    .trim();
  const bracketed = /^\((.*)\)$/.exec(value);
  if (bracketed) value = bracketed[1]!.trim();
  const match = AMOUNT.exec(value);
  if (!match) return null;
  const [, outerSign, before, innerSign, number, after] = match as (string | undefined)[];
  if ((outerSign && innerSign) || (before && after) || (bracketed && (outerSign || innerSign))) return null;
  const symbol = before ?? after;
  const currency =
    symbol === undefined ? null : Object.hasOwn(SYMBOLS, symbol) ? SYMBOLS[symbol]! : symbol.toUpperCase();

  const comma = decimalComma ?? /,\d{1,2}$/.test(number!);
  const parts = number!.split(comma ? ',' : '.');
  if (parts.length > 2) return null;
  const [whole, cents = ''] = parts as [string, string?];
  if (!/^\d{0,2}$/.test(cents) || (parts.length === 2 && cents === '')) return null;
  if (!/^\d*$/.test(whole) && !(comma ? GROUPED_BY_DOTS : GROUPED_BY_COMMAS).test(whole)) return null;

  const digits = `${whole.replace(/\D/g, '')}${cents.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > DIGITS_MAX) return null;
  const magnitude = Number(digits);
  const negative = outerSign === '-' || innerSign === '-' || bracketed !== null;
  return { cents: negative && magnitude !== 0 ? -magnitude : magnitude, currency };
}

/** A calendar date and wall-clock time read as if in UTC, and the cell's own UTC offset in minutes, if it gave one. */
export interface WallTime {
  wallMs: number;
  offsetMinutes: number | null;
  /** False for a date without a time of day. */
  timed: boolean;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([AaPp][Mm])?`;
const ISO = new RegExp(String.raw`^(\d{4})-(\d{2})-(\d{2})(?:[T ]${TIME}\s*(Z|[+-]\d{2}:?\d{2})?)?$`);
const NUMERIC = new RegExp(String.raw`^(\d{1,4})([/.-])(\d{1,2})\2(\d{2}|\d{4})(?:[T ,]+${TIME})?$`);
const NAMED = new RegExp(String.raw`^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})(?:,? ${TIME})?$`);
const NAMED_DAY_FIRST = new RegExp(String.raw`^(\d{1,2}) ([A-Za-z]{3,9})\.?,? (\d{4})(?:,? ${TIME})?$`);

/**
 * Reads "2024-01-02", "2024-01-02T03:04:05(Z|+01:00)", "1/2/2024" (month first unless `dayFirst`), "02.01.2024"
 * (dots: day first, as in Germany), "2024/01/02", "Jan 2, 2024", "2 January 2024", each with an optional time
 * ("13:45", "1:45 PM"). A two-digit year is in this century.
 */
export function parseWallTime(text: string, dayFirst: boolean): WallTime | null {
  if (text.length > CELL_CHARS_MAX) return null;
  const value = text.trim().replace(/\s+/g, ' ');
  let date: [number, number, number];
  let time: (string | undefined)[] = [];
  let offset: string | undefined;
  let m: RegExpExecArray | null;
  if ((m = ISO.exec(value))) {
    date = [Number(m[1]), Number(m[2]), Number(m[3])];
    time = m.slice(4, 8);
    offset = m[8];
  } else if ((m = NUMERIC.exec(value))) {
    const [first, separator, second, third] = [m[1]!, m[2]!, Number(m[3]), m[4]!];
    const year = third.length === 2 ? 2000 + Number(third) : Number(third);
    if (first.length === 4) date = [Number(first), second, Number(third)];
    else if (first.length === 3) return null;
    else if (separator === '.' || dayFirst) date = [year, second, Number(first)];
    else date = [year, Number(first), second];
    time = m.slice(5, 9);
  } else if ((m = NAMED.exec(value) ?? NAMED_DAY_FIRST.exec(value))) {
    const monthFirst = /^[A-Za-z]/.test(value);
    const [monthName, day] = monthFirst ? [m[1]!, m[2]!] : [m[2]!, m[1]!];
    const month = MONTHS.findIndex((name) => name.startsWith(monthName.toLowerCase())) + 1;
    if (month === 0) return null;
    date = [Number(m[3]), month, Number(day)];
    time = m.slice(4, 8);
  } else {
    return null;
  }

  const [year, month, day] = date;
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  const [hourText, minuteText, secondText, meridiem] = time;
  let hour = Number(hourText ?? 0);
  const minute = Number(minuteText ?? 0);
  const second = Number(secondText ?? 0);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return {
    wallMs: Date.UTC(year, month - 1, day, hour, minute, second),
    offsetMinutes: offset === undefined ? null : offsetMinutes(offset),
    timed: hourText !== undefined,
  };
}

/** Whether a month-first reading failed only because the file writes the day first (`13/01/2024`). */
export function looksDayFirst(text: string): boolean {
  const m = NUMERIC.exec(text.trim());
  return m !== null && m[1]!.length <= 2 && Number(m[1]) > 12 && Number(m[3]) <= 12;
}

function offsetMinutes(text: string): number {
  if (text === 'Z') return 0;
  const [, sign, hours, minutes] = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(text)!;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes ?? 0));
}

// The abbreviations processors write in a time zone column, as offsets from UTC in minutes.
const ZONE_ABBREVIATIONS: Record<string, number> = {
  UTC: 0,
  GMT: 0,
  WET: 0,
  BST: 60,
  WEST: 60,
  CET: 60,
  CEST: 120,
  EET: 120,
  EEST: 180,
  HST: -600,
  AKST: -540,
  AKDT: -480,
  PST: -480,
  PDT: -420,
  MST: -420,
  MDT: -360,
  CST: -360,
  CDT: -300,
  EST: -300,
  EDT: -240,
  AST: -240,
  ADT: -180,
  NST: -210,
  NDT: -150,
  AWST: 480,
  ACST: 570,
  ACDT: 630,
  AEST: 600,
  AEDT: 660,
  NZST: 720,
  NZDT: 780,
};

const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();
/** An IANA zone's formatter ("America/Los_Angeles"), or null when Node does not know the zone. */
function zoneFormat(zone: string): Intl.DateTimeFormat | null {
  if (!zoneFormats.has(zone)) {
    let format: Intl.DateTimeFormat | null = null;
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    } catch {
      // RangeError: not a zone name.
    }
    zoneFormats.set(zone, format);
  }
  return zoneFormats.get(zone)!;
}

function ianaOffsetAt(format: Intl.DateTimeFormat, instantMs: number): number {
  const name = format.formatToParts(instantMs).find((part) => part.type === 'timeZoneName')!.value;
  return name === 'GMT' ? 0 : offsetMinutes(name.slice(3));
}

/**
 * The offset in minutes east of UTC of a time zone column's value ("PDT", "GMT+01:00", "+0100",
 * "Europe/Berlin") at a wall-clock time, or null for a zone we do not know.
 */
export function zoneOffsetMinutes(zone: string, wallMs: number): number | null {
  const value = zone.trim();
  const abbreviation = ZONE_ABBREVIATIONS[value.toUpperCase()];
  if (abbreviation !== undefined) return abbreviation;
  const numeric = /^(?:UTC|GMT)?\s*([+-]\d{1,2}(?::?\d{2})?)$/i.exec(value);
  if (numeric) return offsetMinutes(numeric[1]!);
  const format = zoneFormat(value);
  if (!format) return null;
  // The offset at the instant the wall time would be in UTC, then again at the instant that offset gives: right
  // except within the hour a clock change skips or repeats.
  const first = ianaOffsetAt(format, wallMs);
  return ianaOffsetAt(format, wallMs - first * 60_000);
}
