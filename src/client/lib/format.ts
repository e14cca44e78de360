/**
 * The client's one place for money and date formatting. Money is integer cents plus a currency code
 * (src/shared/money.ts, which the server's mail uses too); moments read in the viewer's locale and zone,
 * calendar days (and pages prerendered at build) in en-US and UTC so the HTML and the hydrated page agree.
 */
import { formatCents as sharedFormatCents, formatWholeDollars as sharedFormatWholeDollars } from '#shared/money.ts';

/** "$1,234.50", "CA$20.00": two decimals, as the donate page shows. */
export function formatCents(cents: number, currency: string = 'USD'): string {
  return sharedFormatCents(cents, currency);
}

/** "$1,235", "CA$20": whole units, rounded, for headline figures. */
export function formatWholeDollars(cents: number, currency: string = 'USD'): string {
  return sharedFormatWholeDollars(cents, currency);
}

/** "≈ $14.60 USD": the US-dollar estimate shown beside an amount in another currency. */
export function formatUsdEstimate(usdCents: number): string {
  return `≈ ${formatCents(usdCents)} USD`;
}

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** "Mar 4, 2025, 3:05 PM": a moment (ISO timestamp) with its time, in the viewer's locale and zone. */
export const formatWhen = (iso: string): string => whenFormat.format(new Date(iso));

const longDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
/** "March 4, 2025": the date of a moment, in the viewer's locale and zone. */
export const formatDate = (iso: string): string => longDateFormat.format(new Date(iso));

const shortDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
/** "Mar 4, 2025": the date of a moment, short, in the viewer's locale and zone. */
export const formatShortDate = (iso: string): string => shortDateFormat.format(new Date(iso));

const dayFormats = {
  long: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
  medium: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }),
  monthDay: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
};

/**
 * A calendar day ("2025-03-04") or a moment as "March 4, 2025" (long), "Mar 4, 2025" (medium) or "Mar 4"
 * (monthDay). Calendar days read in UTC so they never move a day; text that is no date comes back as it is.
 */
export function formatDay(value: string, style: keyof typeof dayFormats = 'medium'): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dayFormats[style].format(date);
}

/** "PDF, 12 KB". */
export function documentLabel(doc: { contentType: string; size: number }): string {
  const kind = doc.contentType === 'application/pdf' ? 'PDF' : doc.contentType.replace(/^image\//, '').toUpperCase();
  const size =
    doc.size >= 1024 * 1024
      ? `${(doc.size / (1024 * 1024)).toFixed(1)} MB`
      : `${Math.max(1, Math.round(doc.size / 1024))} KB`;
  return `${kind}, ${size}`;
}
