/**
 * One data line of a statement as its format reads it: cells by field, each value read or refused with the line's
 * number, and the movement it becomes with its id.
 */
import { createHash } from 'node:crypto';
import { CURRENCIES } from '#shared/constants.ts';
import { findReference } from '#shared/payment-reference.ts';
import type { PaymentMovement } from './movement.ts';
import { looksDayFirst, parseAmount, parseWallTime, zoneOffsetMinutes, type Amount } from './statement-values.ts';

/** A line the import cannot take: its message names the line, for the manager who uploaded the file. */
export class StatementError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
    this.name = 'StatementError';
  }
}

/** A movement before its id. */
export type Draft = Omit<PaymentMovement, 'externalId'>;

/** The headers that may give a field (the first the file has wins; case and spaces ignored), and if it must. */
export interface ColumnSpec {
  names: readonly string[];
  required?: boolean;
}

/** How one kind of statement reads. */
export interface Layout<F extends string = string> {
  /** What the file should be, for the message naming a missing column ("a PayPal activity download"). */
  expected: string;
  columns: Record<F, ColumnSpec>;
  /** The line's movements: none for a line that moves no money of ours, two for a gift and its refund on one line. */
  read(line: StatementLine<F>): PaymentMovement[];
}

/**
 * Ids for lines that carry none: a digest of the movement's fields and of how many identical movements came before
 * it in the file, so two identical $20 gifts on one day are two movements and a second import of the same file
 * gives the same ids.
 */
export class DerivedIds {
  private readonly seen = new Map<string, number>();

  derive(draft: Draft): string {
    const fields = JSON.stringify([
      draft.kind,
      draft.paymentExternalId,
      draft.occurredAt.toISOString(),
      draft.amountCents,
      draft.currency,
      draft.payerName,
      draft.payerEmail,
      draft.note,
    ]);
    const key = createHash('sha256').update(fields).digest('base64');
    const occurrence = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, occurrence);
    return createHash('sha256').update(`${fields}#${occurrence}`).digest('hex').slice(0, 32);
  }
}

const NOON_MS = 12 * 60 * 60 * 1000;

export class StatementLine<F extends string> {
  constructor(
    readonly line: number,
    private readonly cells: readonly string[],
    private readonly columns: ReadonlyMap<F, number>,
    private readonly ids: DerivedIds,
  ) {}

  fail(reason: string): never {
    throw new StatementError(this.line, reason);
  }

  /** The cell, trimmed; empty when the file has no such column. */
  text(field: F): string {
    const index = this.columns.get(field);
    return index === undefined ? '' : (this.cells[index]?.trim() ?? '');
  }

  optional(field: F): string | null {
    return this.text(field) || null;
  }

  /** The cell's amount, null when it is empty. */
  amount(field: F, decimalComma: boolean | undefined, label = 'amount'): Amount | null {
    const text = this.text(field);
    if (!text) return null;
    return parseAmount(text, decimalComma) ?? this.fail(`the ${label} “${text}” is not a number`);
  }

  /** A fee in cents, positive whichever sign the file writes it with; null when the file does not say. */
  fee(field: F, decimalComma: boolean | undefined): number | null {
    const fee = this.amount(field, decimalComma, 'fee');
    return fee && Math.abs(fee.cents);
  }

  /**
   * The instant a date (and time) names. A time with no zone, in the cell or in `zone`, is UTC; a date with no time
   * is noon UTC, which is that same calendar day from UTC-12 to UTC+11.
   */
  instant(text: string, dayFirst: boolean, zone = ''): Date {
    const wall = parseWallTime(text, dayFirst);
    if (!wall) {
      this.fail(
        !dayFirst && looksDayFirst(text)
          ? `the date “${text}” is not a month-first date; if this file writes the day first, import it as day-first`
          : `the date “${text}” is not a date`,
      );
    }
    let offset = wall.offsetMinutes;
    if (offset === null && zone) {
      offset = zoneOffsetMinutes(zone, wall.wallMs) ?? this.fail(`the time zone “${zone}” is not one we know`);
    }
    if (offset === null && !wall.timed) return new Date(wall.wallMs + NOON_MS);
    return new Date(wall.wallMs - (offset ?? 0) * 60_000);
  }

  /** The line's currency: its currency column's, else the one its amount names, else the format's default. */
  currency(column: string | null, inAmount: string | null, fallback: string | null): string {
    const named = column?.toUpperCase() ?? null;
    if (named && inAmount && named !== inAmount) {
      this.fail(`the amount is in ${inAmount} but the currency column says ${named}`);
    }
    const code = named ?? inAmount ?? fallback?.toUpperCase() ?? this.fail('the line names no currency');
    if (!(CURRENCIES as readonly string[]).includes(code)) {
      this.fail(`the currency “${code}” is not one we accept (${CURRENCIES.join(', ')})`);
    }
    return code;
  }

  /** The first gift reference written in any of these fields. */
  reference(...fields: F[]): string | null {
    for (const field of fields) {
      const reference = findReference(this.text(field));
      if (reference) return reference;
    }
    return null;
  }

  /** The movement with the file's own id for it, or one derived from its fields when the file gives none. */
  identify(draft: Draft, externalId: string | null): PaymentMovement {
    return { externalId: externalId ?? this.ids.derive(draft), ...draft };
  }
}
