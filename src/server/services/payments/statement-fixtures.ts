/** Statements made up for tests and benchmarks, streamed so that a large one never sits in memory whole. */
import { Readable } from 'node:stream';

/** The columns of PayPal's activity download, in its order. */
export const PAYPAL_HEADER = [
  'Date',
  'Time',
  'TimeZone',
  'Name',
  'Type',
  'Status',
  'Currency',
  'Gross',
  'Fee',
  'Net',
  'From Email Address',
  'To Email Address',
  'Transaction ID',
  'Shipping Address',
  'Address Status',
  'Item Title',
  'Item ID',
  'Shipping and Handling Amount',
  'Insurance Amount',
  'Sales Tax',
  'Option 1 Name',
  'Option 1 Value',
  'Option 2 Name',
  'Option 2 Value',
  'Reference Txn ID',
  'Invoice Number',
  'Custom Number',
  'Quantity',
  'Receipt ID',
  'Balance',
  'Address Line 1',
  'Address Line 2/District/Neighborhood',
  'Town/City',
  'State/Province/Region/County/Territory/Prefecture/Republic',
  'Zip/Postal Code',
  'Country',
  'Contact Phone Number',
  'Subject',
  'Note',
  'Country Code',
  'Balance Impact',
] as const;

export type PaypalColumn = (typeof PAYPAL_HEADER)[number];

/** One line of a PayPal activity download, every field quoted as PayPal writes them, ending in CRLF. */
export function paypalLine(values: Partial<Record<PaypalColumn, string>>): string {
  return PAYPAL_HEADER.map((column) => `"${(values[column] ?? '').replace(/"/g, '""')}"`).join(',') + '\r\n';
}

const LINES_PER_CHUNK = 500;

/**
 * A PayPal activity download of `rows` completed donations of $1.00 to $100.99 (header, then one gift a line,
 * ids `TX00000001` on), made a chunk at a time as the reader asks.
 */
export function paypalStatement(rows: number): Readable {
  function* chunks() {
    yield '\ufeff' + paypalLine(Object.fromEntries(PAYPAL_HEADER.map((column) => [column, column])));
    for (let start = 0; start < rows; start += LINES_PER_CHUNK) {
      let chunk = '';
      for (let n = start; n < Math.min(rows, start + LINES_PER_CHUNK); n++) {
        const dollars = 1 + (n % 100);
        const fee = 30 + (n % 70);
        chunk += paypalLine({
          Date: `${1 + (n % 12)}/${1 + (n % 28)}/2024`,
          Time: '10:15:00',
          TimeZone: 'PST',
          Name: `Donor ${n}`,
          Type: 'Donation Payment',
          Status: 'Completed',
          Currency: 'USD',
          Gross: `${dollars}.00`,
          Fee: `-0.${fee}`,
          Net: `${dollars - 1}.${String(100 - fee).padStart(2, '0')}`,
          'From Email Address': `donor${n}@example.com`,
          'Transaction ID': `TX${String(n + 1).padStart(8, '0')}`,
          Note: n % 3 === 0 ? 'For the surgery, HC-7KQ3' : 'Get well soon',
          'Balance Impact': 'Credit',
        });
      }
      yield chunk;
    }
  }
  return Readable.from(chunks());
}
