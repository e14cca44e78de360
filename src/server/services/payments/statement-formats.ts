/**
 * Which lines of each processor's statement are money movements of ours, and how each becomes one.
 * Decimal commas: PayPal's and GoFundMe's European exports write "1.234,56", so their amounts are read with the
 * rule in statement-values.ts (a comma before one or two final digits is the decimal mark); Venmo is US-only.
 */
import type { PaymentMovement } from './movement.ts';
import type { ColumnMapping } from './statements.ts';
import type { Draft, Layout, StatementLine } from './statement-line.ts';

const REFUND = /refund/i;
const DISPUTE = /chargeback|reversal|dispute/i;

const PAYPAL_COUNTED_STATUSES = new Set(['completed', 'cleared', 'refunded', 'partially refunded', 'reversed']);
/** Money moving between our own balances or currencies, held, or not yet ours: never a gift nor its refund. */
const PAYPAL_SKIPPED_TYPES =
  /conversion|hold|release|withdraw|transfer|deposit|authori[sz]ation|\bfee\b|cancel|void|adjustment/i;

type PaypalField =
  | 'date'
  | 'time'
  | 'zone'
  | 'type'
  | 'status'
  | 'currency'
  | 'gross'
  | 'fee'
  | 'name'
  | 'fromEmail'
  | 'toEmail'
  | 'id'
  | 'originalId'
  | 'balanceImpact'
  | 'note'
  | 'subject'
  | 'itemTitle'
  | 'customNumber'
  | 'invoiceNumber';

/**
 * PayPal's activity download (CSV). A line counts when its status is completed (or cleared, or since refunded or
 * reversed), its "Balance Impact" is not "Memo", and its type moves money to or from a payer: a positive line is a
 * gift; a negative one is a refund when its type names one ("Payment Refund") and a dispute when it names a
 * chargeback or reversal, both of the "Reference Txn ID" payment. Other negative lines are money we sent (paying a
 * bill is not refunding a gift) and are skipped, as are currency conversions, holds, releases, withdrawals,
 * transfers and fee-only lines. The date is Date + Time in the TimeZone column's zone ("PDT", "CET").
 */
export function paypalLayout(dayFirst: boolean): Layout<PaypalField> {
  return {
    expected: 'a PayPal activity download',
    columns: {
      date: { names: ['Date'], required: true },
      time: { names: ['Time'], required: true },
      zone: { names: ['TimeZone'], required: true },
      type: { names: ['Type'], required: true },
      status: { names: ['Status'], required: true },
      currency: { names: ['Currency'], required: true },
      gross: { names: ['Gross'], required: true },
      fee: { names: ['Fee'] },
      name: { names: ['Name'] },
      fromEmail: { names: ['From Email Address'] },
      toEmail: { names: ['To Email Address'] },
      id: { names: ['Transaction ID'], required: true },
      originalId: { names: ['Reference Txn ID'] },
      balanceImpact: { names: ['Balance Impact'] },
      note: { names: ['Note'] },
      subject: { names: ['Subject'] },
      itemTitle: { names: ['Item Title'] },
      customNumber: { names: ['Custom Number'] },
      invoiceNumber: { names: ['Invoice Number'] },
    },
    read(line) {
      const type = line.text('type');
      if (
        !PAYPAL_COUNTED_STATUSES.has(line.text('status').toLowerCase()) ||
        line.text('balanceImpact').toLowerCase() === 'memo' ||
        PAYPAL_SKIPPED_TYPES.test(type)
      ) {
        return [];
      }
      const gross = line.amount('gross', undefined);
      if (!gross || gross.cents === 0) return [];
      const kind = paypalKind(type, gross.cents);
      if (!kind) return [];
      const payment = kind === 'payment';
      const draft: Draft = {
        kind,
        paymentExternalId: payment ? null : line.optional('originalId'),
        amountCents: Math.abs(gross.cents),
        currency: line.currency(line.optional('currency'), gross.currency, null),
        feeCents: line.fee('fee', undefined),
        occurredAt: line.instant(`${line.text('date')} ${line.text('time')}`, dayFirst, line.text('zone')),
        reference: line.reference('note', 'subject', 'itemTitle', 'customNumber', 'invoiceNumber'),
        payerName: line.optional('name'),
        // A refund's counterparty is the payer it went back to.
        payerEmail: line.optional(payment ? 'fromEmail' : 'toEmail'),
        note: line.optional('note'),
      };
      return [line.identify(draft, line.optional('id'))];
    },
  };
}

/** A positive line is a gift unless it is money coming back to us (a refund or reversal of our own payment). */
function paypalKind(type: string, cents: number): PaymentMovement['kind'] | null {
  if (cents > 0) return REFUND.test(type) || DISPUTE.test(type) ? null : 'payment';
  if (REFUND.test(type)) return 'refund';
  return DISPUTE.test(type) ? 'dispute' : null;
}

const VENMO_COUNTED_STATUSES = new Set(['complete', 'completed', 'issued']);

type VenmoField = 'id' | 'datetime' | 'type' | 'status' | 'note' | 'from' | 'to' | 'total' | 'fee';

/**
 * Venmo's statement CSV: preamble lines ("Account Statement - (@user)", "Account Activity"), a header whose first
 * column is empty, a beginning-balance line and an ending-balance line with the disclaimer, all without an amount
 * (skipped). Amounts read "+ $50.00" (to us) and "- $20.00" (from us). Only money to us is a gift: a positive
 * "Payment" (its payer is "From") or "Charge" (a request of ours someone paid: its payer is "To"). A negative
 * "Refund" is a refund to its "To", of a payment the file does not name; other negative lines (our own payments)
 * and transfers to or from the bank are skipped, as are lines not complete. Datetime ("2024-01-02T03:04:05") carries
 * no zone and is read as UTC (our assumption; Venmo does not say). Venmo is US-only: USD.
 */
export function venmoLayout(): Layout<VenmoField> {
  return {
    expected: 'a Venmo statement',
    columns: {
      id: { names: ['ID'], required: true },
      datetime: { names: ['Datetime'], required: true },
      type: { names: ['Type'], required: true },
      status: { names: ['Status'], required: true },
      note: { names: ['Note'] },
      from: { names: ['From'] },
      to: { names: ['To'] },
      total: { names: ['Amount (total)'], required: true },
      fee: { names: ['Amount (fee)', 'Fee (total)'] },
    },
    read(line) {
      const total = line.amount('total', false);
      if (!total || total.cents === 0 || !VENMO_COUNTED_STATUSES.has(line.text('status').toLowerCase())) return [];
      const type = line.text('type');
      const gift = total.cents > 0 && /payment|charge/i.test(type) && !REFUND.test(type);
      if (!gift && !(total.cents < 0 && REFUND.test(type))) return [];
      const payer = gift && !/charge/i.test(type) ? 'from' : 'to';
      const draft: Draft = {
        kind: gift ? 'payment' : 'refund',
        paymentExternalId: null,
        amountCents: Math.abs(total.cents),
        currency: line.currency(null, total.currency, 'USD'),
        feeCents: line.fee('fee', false),
        occurredAt: line.instant(line.text('datetime'), false),
        reference: line.reference('note'),
        payerName: line.optional(payer),
        payerEmail: null,
        note: line.optional('note'),
      };
      return [line.identify(draft, line.optional('id'))];
    },
  };
}

const GOFUNDME_COUNTED_STATUSES = new Set(['', 'successful', 'succeeded', 'settled', 'completed', 'complete', 'paid']);

type GofundmeField =
  'id' | 'date' | 'gross' | 'fee' | 'currency' | 'name' | 'firstName' | 'lastName' | 'email' | 'note' | 'status';

/**
 * GoFundMe's donations export. We found no published description of its columns, so the header names below are
 * our assumption from what GoFundMe's dashboards show (a donation's date, donor name and email, gross amount, the
 * transaction fee GoFundMe deducts, the net, a comment, and on GoFundMe Pro a status); each field takes the first
 * of its names the file has. The gross amount is the gift and the fee its processing fee; net is not read. A line
 * counts when it has no status or a successful one; "Refunded" (or "Charged back") gives the gift and its refund
 * (or dispute), so a second import after a refund reverses the gift the first one recorded. A negative amount is a
 * refund of a payment the file does not name. Without a currency column or a currency named in the amount, USD.
 */
export function gofundmeLayout(dayFirst: boolean): Layout<GofundmeField> {
  return {
    expected: 'a GoFundMe donations export',
    columns: {
      id: { names: ['Donation ID', 'Transaction ID', 'ID'] },
      date: { names: ['Date', 'Donation Date', 'Created At', 'Transaction Date'], required: true },
      gross: { names: ['Gross Amount', 'Donation Amount', 'Gross', 'Amount'], required: true },
      fee: { names: ['Transaction Fee', 'Transaction Fees', 'Fees', 'Fee', 'Processing Fee'] },
      currency: { names: ['Currency'] },
      name: { names: ['Donor Name', 'Name', 'Display Name'] },
      firstName: { names: ['Donor First Name', 'First Name'] },
      lastName: { names: ['Donor Last Name', 'Last Name'] },
      email: { names: ['Donor Email', 'Email', 'Email Address'] },
      note: { names: ['Comment', 'Donor Comment', 'Message', 'Note'] },
      status: { names: ['Status'] },
    },
    read(line) {
      const status = line.text('status').toLowerCase();
      const reversal = REFUND.test(status) ? 'refund' : /charge/.test(status) ? 'dispute' : null;
      if (!reversal && !GOFUNDME_COUNTED_STATUSES.has(status)) return [];
      const gross = line.amount('gross', undefined);
      if (!gross || gross.cents === 0) return [];
      const draft: Draft = {
        kind: gross.cents > 0 ? 'payment' : 'refund',
        paymentExternalId: null,
        amountCents: Math.abs(gross.cents),
        currency: line.currency(line.optional('currency'), gross.currency, 'USD'),
        feeCents: line.fee('fee', undefined),
        occurredAt: line.instant(line.text('date'), dayFirst),
        reference: line.reference('note'),
        payerName: line.optional('name') ?? (`${line.text('firstName')} ${line.text('lastName')}`.trim() || null),
        payerEmail: line.optional('email'),
        note: line.optional('note'),
      };
      const movement = line.identify(draft, line.optional('id'));
      if (!reversal || draft.kind !== 'payment') return [movement];
      const { externalId } = movement;
      return [
        movement,
        { ...movement, externalId: `${externalId}-${reversal}`, kind: reversal, paymentExternalId: externalId },
      ];
    },
  };
}

type CustomField = Exclude<keyof ColumnMapping, 'defaultCurrency' | 'decimalComma' | 'dayFirst'>;

/**
 * A CSV of another shape, read through the manager's mapping. Every line with a non-zero amount counts: a
 * negative amount, or a type naming a refund, is a refund (of a payment the file does not name); a type naming a
 * chargeback or dispute is a dispute. Every mapped column must be in the file.
 */
export function customLayout(mapping: ColumnMapping): Layout<CustomField> {
  const column = (name: string | undefined) => ({ names: name ? [name] : [], required: name !== undefined });
  return {
    expected: 'the column mapping saved for this source',
    columns: {
      id: column(mapping.id),
      date: column(mapping.date),
      amount: column(mapping.amount),
      fee: column(mapping.fee),
      currency: column(mapping.currency),
      name: column(mapping.name),
      email: column(mapping.email),
      note: column(mapping.note),
      type: column(mapping.type),
    },
    read(line: StatementLine<CustomField>) {
      const amount = line.amount('amount', mapping.decimalComma);
      if (!amount || amount.cents === 0) return [];
      const type = line.text('type');
      const draft: Draft = {
        kind: DISPUTE.test(type) ? 'dispute' : amount.cents < 0 || REFUND.test(type) ? 'refund' : 'payment',
        paymentExternalId: null,
        amountCents: Math.abs(amount.cents),
        currency: line.currency(line.optional('currency'), amount.currency, mapping.defaultCurrency ?? null),
        feeCents: line.fee('fee', mapping.decimalComma),
        occurredAt: line.instant(line.text('date'), mapping.dayFirst ?? false),
        reference: line.reference('note'),
        payerName: line.optional('name'),
        payerEmail: line.optional('email'),
        note: line.optional('note'),
      };
      return [line.identify(draft, line.optional('id'))];
    },
  };
}
