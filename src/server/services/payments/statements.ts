/**
 * Statements a manager uploads from processors without an API (PayPal's activity download, Venmo's statement,
 * GoFundMe's donations export, or any CSV through a saved column mapping), read line by line into payment
 * movements (movement.ts) without holding the file: a 50,000-line file takes the memory of one chunk.
 * Which lines count, per format: statement-formats.ts. The caller stores the movements in one transaction, so the
 * first bad line fails the whole import with a StatementError naming that line; lines that are not money movements
 * of ours are skipped. Line numbers are the file's lines, as a text editor counts them (a quoted note spanning two
 * lines counts two), for the line where the row starts.
 */
import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { PaymentMovement, PaymentSource } from './movement.ts';
import { customLayout, gofundmeLayout, paypalLayout, venmoLayout } from './statement-formats.ts';
import { DerivedIds, StatementError, StatementLine, type Layout } from './statement-line.ts';

export { StatementError } from './statement-line.ts';

export const STATEMENT_FORMATS = ['paypal', 'venmo', 'gofundme', 'custom'] as const;
export type StatementFormatKind = (typeof STATEMENT_FORMATS)[number];

/** A manager's saved mapping for a CSV of another shape: which header names which field. */
export interface ColumnMapping {
  id?: string;
  date: string;
  amount: string;
  fee?: string;
  currency?: string;
  name?: string;
  email?: string;
  note?: string;
  /** A column whose text naming a refund, chargeback or dispute makes the line one. */
  type?: string;
  /** The currency of lines that name none (no currency column, no currency in the amount). */
  defaultCurrency?: string;
  /** Amounts write "1.234,56"; unset, a comma before one or two final digits is read as the decimal mark. */
  decimalComma?: boolean;
  /** Dates write "31/01/2024" rather than "01/31/2024". */
  dayFirst?: boolean;
}

/** `dayFirst`: PayPal and GoFundMe write dates in the account's locale ("31/01/2024" in the UK). */
export type StatementFormat =
  { kind: 'paypal' | 'gofundme'; dayFirst?: boolean } | { kind: 'venmo' } | { kind: 'custom'; mapping: ColumnMapping };

export interface StatementRow {
  line: number;
  movement: PaymentMovement;
}

/** Lines searched for the header, past preambles such as Venmo's "Account Statement" and "Account Activity". */
const HEADER_SEARCH_LINES = 10;
/** Bounds memory on a quote left open, which would otherwise read the rest of the file as one field. */
const LINE_CHARS_MAX = 100_000;

/** The movements of a statement, one at a time as the file is read. Throws StatementError at the first bad line. */
export async function* readStatement(
  input: Readable | AsyncIterable<Buffer | string>,
  format: StatementFormat,
  source: PaymentSource,
): AsyncGenerator<StatementRow> {
  const layout = layoutFor(format, source);
  const ids = new DerivedIds();
  let header: { columns: Map<string, number>; width: number } | null = null;
  let searched = 0;
  let fewestMissing: string[] | null = null;

  for await (const { line, cells } of csvLines(input)) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (!header) {
      const { columns, missing } = matchHeader(layout, cells);
      if (missing.length === 0) {
        header = { columns, width: cells.length };
        continue;
      }
      if (!fewestMissing || missing.length < fewestMissing.length) fewestMissing = missing;
      if (++searched === HEADER_SEARCH_LINES) throw missingColumns(layout, fewestMissing);
      continue;
    }
    const extra = cells.slice(header.width);
    if (cells.length < header.width || extra.some((cell) => cell.trim() !== '')) {
      const cellCount = `${cells.length} ${cells.length === 1 ? 'cell' : 'cells'}`;
      throw new StatementError(line, `the line has ${cellCount} where the header has ${header.width}`);
    }
    for (const movement of layout.read(new StatementLine(line, cells, header.columns, ids))) {
      yield { line, movement };
    }
  }
  if (!header && fewestMissing) throw missingColumns(layout, fewestMissing);
}

function layoutFor(format: StatementFormat, source: PaymentSource): Layout {
  if (format.kind === 'custom') return customLayout(format.mapping);
  // A processor's own export names its own payments: read as another source's, its ids would never match.
  if (format.kind !== source) throw new Error(`A ${format.kind} statement cannot be imported as ${source}'s`);
  if (format.kind === 'venmo') return venmoLayout();
  const dayFirst = format.dayFirst ?? false;
  return format.kind === 'paypal' ? paypalLayout(dayFirst) : gofundmeLayout(dayFirst);
}

const headerKey = (name: string) => name.replace(/\s+/g, '').toLowerCase();

/** Each field's column in a candidate header line, and the required fields it lacks (by their first name). */
function matchHeader(layout: Layout, cells: string[]) {
  const positions = new Map<string, number>();
  cells.forEach((cell, index) => {
    const key = headerKey(cell);
    if (key && !positions.has(key)) positions.set(key, index);
  });
  const columns = new Map<string, number>();
  const missing: string[] = [];
  for (const [field, spec] of Object.entries(layout.columns)) {
    const index = spec.names.map((name) => positions.get(headerKey(name))).find((i) => i !== undefined);
    if (index !== undefined) columns.set(field, index);
    else if (spec.required) missing.push(spec.names[0]!);
  }
  return { columns, missing };
}

function missingColumns(layout: Layout, missing: string[]): StatementError {
  const names = missing.map((name) => `“${name}”`);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  const noun = names.length === 1 ? 'column' : 'columns';
  return new StatementError(1, `the file has no ${list} ${noun}, expected in ${layout.expected}`);
}

const CSV_REASONS: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a closing quote is followed by more text in the same field',
  INVALID_OPENING_QUOTE: 'a quote appears inside a field that does not start with one',
  CSV_MAX_RECORD_SIZE: `the line is longer than ${LINE_CHARS_MAX.toLocaleString('en-US')} characters`,
};

/** With `raw`, csv-parse hands `on_record` each record with its text, though its types say the cells alone. */
function isRawRecord(value: unknown): value is { record: string[]; raw: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'record' in value &&
    Array.isArray(value.record) &&
    'raw' in value &&
    typeof value.raw === 'string'
  );
}

/**
 * The CSV's records with the line each starts on, from csv-parse. Lines are counted from each record's raw text
 * (csv-parse's own count takes a CRLF inside quotes for two lines). The parser is fed one chunk at a time and
 * handed every record of a chunk before any error the chunk met after them, so an earlier bad line is named first.
 */
async function* csvLines(input: Readable | AsyncIterable<Buffer | string>) {
  const parsed: { line: number; cells: string[] }[] = [];
  let nextLine = 1;
  const parser = parse({
    bom: true,
    // Ragged lines are judged against the header, after any preamble of another width.
    relax_column_count: true,
    raw: true,
    max_record_size: LINE_CHARS_MAX,
    on_record: (record) => {
      if (!isRawRecord(record)) throw new Error('csv-parse handed a record without its text');
      const { record: cells, raw } = record;
      parsed.push({ line: nextLine, cells });
      nextLine += raw.match(/\r\n|\r|\n/g)?.length ?? 0;
      return null;
    },
  });
  // Its errors are read from `errored` after each write; this keeps the stream's 'error' event from throwing.
  parser.on('error', () => {});
  const failure = (): StatementError | null => {
    const error = parser.errored;
    if (!error) return null;
    if (!(error instanceof CsvError)) throw error;
    return new StatementError(
      nextLine,
      CSV_REASONS[error.code] ?? `the file is not a CSV we can read (${error.message})`,
    );
  };
  try {
    for await (const chunk of input) {
      parser.write(chunk);
      yield* parsed.splice(0);
      const error = failure();
      if (error) throw error;
    }
    await new Promise((resolve) => parser.end(resolve));
    yield* parsed.splice(0);
    const error = failure();
    if (error) throw error;
  } finally {
    parser.destroy();
  }
}
