import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { PaymentSource } from './movement.ts';
import { PAYPAL_HEADER, paypalLine, paypalStatement, type PaypalColumn } from './statement-fixtures.ts';
import { readStatement, type ColumnMapping, type StatementFormat, type StatementRow } from './statements.ts';

const SOURCES: Record<StatementFormat['kind'], PaymentSource> = {
  paypal: 'paypal',
  venmo: 'venmo',
  gofundme: 'gofundme',
  custom: 'other',
};

async function read(file: string | (string | Buffer)[] | Readable, format: StatementFormat): Promise<StatementRow[]> {
  const input = typeof file === 'string' ? Readable.from([file]) : Array.isArray(file) ? Readable.from(file) : file;
  const rows: StatementRow[] = [];
  for await (const row of readStatement(input, format, SOURCES[format.kind])) rows.push(row);
  return rows;
}

const custom = (mapping: ColumnMapping): StatementFormat => ({ kind: 'custom', mapping });

async function expectLineError(reading: Promise<unknown>, line: number, reason: string) {
  await expect(reading).rejects.toMatchObject({ name: 'StatementError', line, message: `Line ${line}: ${reason}` });
}

/** A CSV line, quoting the cells that need it. */
const csvLine = (cells: string[]) =>
  cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',') + '\n';

const paypalFile = (...lines: Partial<Record<PaypalColumn, string>>[]) =>
  '\ufeff' + paypalLine(Object.fromEntries(PAYPAL_HEADER.map((c) => [c, c]))) + lines.map(paypalLine).join('');

const donation = (values: Partial<Record<PaypalColumn, string>>): Partial<Record<PaypalColumn, string>> => ({
  Date: '1/2/2024',
  Time: '13:45:10',
  TimeZone: 'PST',
  Name: 'Jane Doe',
  Type: 'Donation Payment',
  Status: 'Completed',
  Currency: 'USD',
  Gross: '50.00',
  Fee: '-1.75',
  'From Email Address': 'jane@example.com',
  'To Email Address': 'us@example.com',
  'Transaction ID': 'PAY1',
  'Balance Impact': 'Credit',
  ...values,
});

describe('a PayPal activity download', () => {
  it('reads a completed donation: Gross as the amount, the negative Fee as a positive fee, Date + Time in its zone, payer, note and reference', async () => {
    const rows = await read(
      paypalFile(
        donation({ Gross: '1,234.56', Fee: '-36.10', Note: 'For the surgery, HC-7KQ3' }),
        donation({
          Date: '7/4/2024',
          Time: '09:00:00',
          TimeZone: 'PDT',
          Currency: 'CAD',
          Gross: '20.00',
          Fee: '',
          'Transaction ID': 'PAY2',
          'Item Title': 'Gift hc 2m3n',
        }),
      ),
      { kind: 'paypal' },
    );
    expect(rows).toEqual([
      {
        line: 2,
        movement: {
          externalId: 'PAY1',
          kind: 'payment',
          paymentExternalId: null,
          amountCents: 123456,
          currency: 'USD',
          feeCents: 3610,
          occurredAt: new Date('2024-01-02T21:45:10Z'),
          reference: 'HC-7KQ3',
          payerName: 'Jane Doe',
          payerEmail: 'jane@example.com',
          note: 'For the surgery, HC-7KQ3',
        },
      },
      {
        line: 3,
        movement: expect.objectContaining({
          externalId: 'PAY2',
          amountCents: 2000,
          currency: 'CAD',
          feeCents: null,
          occurredAt: new Date('2024-07-04T16:00:00Z'),
          reference: 'HC-2M3N',
          note: null,
        }),
      },
    ]);
  });

  it('skips currency conversions, holds, pending and denied payments, memo lines, withdrawals and payments we sent', async () => {
    const rows = await read(
      paypalFile(
        donation({ Type: 'General Currency Conversion', Currency: 'JPY', Gross: '1000', 'Transaction ID': 'A' }),
        donation({ Type: 'Hold on Balance for Dispute Investigation', Gross: '-20.00', 'Transaction ID': 'B' }),
        donation({ Status: 'Pending', 'Transaction ID': 'C' }),
        donation({ Status: 'Denied', 'Transaction ID': 'D' }),
        donation({ Type: 'General Authorization', 'Balance Impact': 'Memo', 'Transaction ID': 'E' }),
        donation({ Type: 'General Withdrawal', Gross: '-100.00', 'Transaction ID': 'F' }),
        donation({ Type: 'Express Checkout Payment', Gross: '-45.00', 'Transaction ID': 'G' }),
        donation({ 'Transaction ID': 'KEPT' }),
      ),
      { kind: 'paypal' },
    );
    expect(rows.map((row) => [row.line, row.movement.externalId])).toEqual([[9, 'KEPT']]);
  });

  it('reads a Payment Refund as a refund of its Reference Txn ID to the address it went to, and a chargeback as a dispute', async () => {
    const rows = await read(
      paypalFile(
        donation({ 'Transaction ID': 'PAY1' }),
        donation({
          Type: 'Payment Refund',
          Gross: '-50.00',
          Fee: '1.45',
          'From Email Address': 'us@example.com',
          'To Email Address': 'jane@example.com',
          'Transaction ID': 'REF1',
          'Reference Txn ID': 'PAY1',
          'Balance Impact': 'Debit',
        }),
        donation({ Type: 'Chargeback', Gross: '-20.00', Fee: '', 'Transaction ID': 'CB1', 'Reference Txn ID': 'PAY2' }),
      ),
      { kind: 'paypal' },
    );
    expect(rows.map((row) => row.movement)).toMatchObject([
      { kind: 'payment', externalId: 'PAY1', paymentExternalId: null, amountCents: 5000, feeCents: 175 },
      {
        kind: 'refund',
        externalId: 'REF1',
        paymentExternalId: 'PAY1',
        amountCents: 5000,
        feeCents: 145,
        payerEmail: 'jane@example.com',
      },
      { kind: 'dispute', externalId: 'CB1', paymentExternalId: 'PAY2', amountCents: 2000, feeCents: null },
    ]);
  });

  it('reads a European export: decimal-comma amounts, and day-first dates when told the file writes them', async () => {
    const rows = await read(
      paypalFile(
        donation({ Date: '02/01/2024', TimeZone: 'CET', Currency: 'EUR', Gross: '1.234,56', Fee: '-36,10' }),
        donation({ Date: '25.12.2024', TimeZone: 'CET', Currency: 'EUR', Gross: '12,50', 'Transaction ID': 'PAY2' }),
      ),
      { kind: 'paypal', dayFirst: true },
    );
    expect(rows.map(({ movement: m }) => [m.amountCents, m.feeCents, m.currency, m.occurredAt])).toEqual([
      [123456, 3610, 'EUR', new Date('2024-01-02T12:45:10Z')],
      [1250, 175, 'EUR', new Date('2024-12-25T12:45:10Z')],
    ]);
  });

  it('refuses a date that is impossible month first, suggesting a day-first import', async () => {
    await expectLineError(
      read(paypalFile(donation({}), donation({ Date: '25/12/2024' })), { kind: 'paypal' }),
      3,
      'the date “25/12/2024 13:45:10” is not a month-first date; if this file writes the day first, import it as day-first',
    );
  });

  it('refuses a time zone it does not know, naming the line', async () => {
    await expectLineError(
      read(paypalFile(donation({ TimeZone: 'Mars/Olympus' })), { kind: 'paypal' }),
      2,
      'the time zone “Mars/Olympus” is not one we know',
    );
  });

  it('refuses a currency we do not accept, naming the line', async () => {
    await expectLineError(
      read(paypalFile(donation({}), donation({ Currency: 'JPY', Gross: '5000' })), { kind: 'paypal' }),
      3,
      'the currency “JPY” is not one we accept (USD, CAD, EUR, GBP, AUD)',
    );
  });

  it('names on line 1 the required columns the header lacks', async () => {
    await expectLineError(
      read(
        'Date,Time,TimeZone,Name,Type,Status,Currency,Fee\n1/2/2024,10:00:00,PST,Jane,Donation Payment,Completed,USD,-1\n',
        {
          kind: 'paypal',
        },
      ),
      1,
      'the file has no “Gross” or “Transaction ID” columns, expected in a PayPal activity download',
    );
  });

  it('reads a 50,000-line download into 50,000 gifts', async () => {
    let count = 0;
    let last: StatementRow | undefined;
    for await (const row of readStatement(paypalStatement(50_000), { kind: 'paypal' }, 'paypal')) {
      count++;
      last = row;
    }
    expect(count).toBe(50_000);
    expect(last).toMatchObject({ line: 50_001, movement: { externalId: 'TX00050000' } });
  });
});

const VENMO_HEADER = [
  '',
  'ID',
  'Datetime',
  'Type',
  'Status',
  'Note',
  'From',
  'To',
  'Amount (total)',
  'Amount (tip)',
  'Amount (tax)',
  'Amount (fee)',
  'Tax Rate',
  'Tax Exempt',
  'Funding Source',
  'Destination',
  'Beginning Balance',
  'Ending Balance',
  'Statement Period Venmo Fees',
  'Terminal Location',
  'Year to Date Venmo Fees',
  'Disclaimer',
];
const venmoLine = (values: Record<string, string>) => csvLine(VENMO_HEADER.map((column) => values[column] ?? ''));
const venmoPayment = (values: Record<string, string>) =>
  venmoLine({ Type: 'Payment', Status: 'Complete', 'Funding Source': 'Venmo balance', ...values });

describe('a Venmo statement', () => {
  const statement = [
    'Account Statement - (@Healing-Circle) ,,,,,,,,,,,,,,,,,,,,,\n',
    'Account Activity,,,,,,,,,,,,,,,,,,,,,\n',
    csvLine(VENMO_HEADER),
    venmoLine({ 'Beginning Balance': '$0.00' }),
    venmoPayment({
      ID: '4001',
      Datetime: '2024-01-02T03:04:05',
      Note: 'For the surgery HC-7KQ3',
      From: 'Jane Doe',
      To: 'Healing Circle',
      'Amount (total)': '+ $50.00',
      'Amount (fee)': '- $1.25',
    }),
    venmoPayment({
      ID: '4002',
      Datetime: '2024-01-03T10:00:00',
      Type: 'Charge',
      Note: 'Pledge',
      From: 'Healing Circle',
      To: 'Sam Lee',
      'Amount (total)': '+ $1,250.00',
    }),
    venmoPayment({
      ID: '4003',
      Datetime: '2024-01-04T10:00:00',
      From: 'Healing Circle',
      To: 'CVS',
      'Amount (total)': '- $20.00',
    }),
    venmoPayment({
      ID: '4004',
      Datetime: '2024-01-05T10:00:00',
      Type: 'Standard Transfer',
      Status: 'Issued',
      'Amount (total)': '- $500.00',
      Destination: 'Bank *1234',
    }),
    venmoPayment({
      ID: '4005',
      Datetime: '2024-01-06T10:00:00',
      Status: 'Pending',
      From: 'Pat Kim',
      'Amount (total)': '+ $10.00',
    }),
    venmoPayment({
      ID: '4006',
      Datetime: '2024-01-07T10:00:00',
      Type: 'Refund',
      Note: 'Duplicate gift',
      From: 'Healing Circle',
      To: 'Jane Doe',
      'Amount (total)': '- $50.00',
    }),
    venmoLine({
      'Ending Balance': '$730.00',
      'Statement Period Venmo Fees': '$1.25',
      'Year to Date Venmo Fees': '$1.25',
      Disclaimer: 'In case of errors or questions about your\nelectronic transfers, telephone us.',
    }),
  ].join('');

  it('skips the preamble, the balance lines and our own payments, transfers and pending ones; reads gifts to us and our refunds', async () => {
    const rows = await read(statement, { kind: 'venmo' });
    expect(rows).toEqual([
      {
        line: 5,
        movement: {
          externalId: '4001',
          kind: 'payment',
          paymentExternalId: null,
          amountCents: 5000,
          currency: 'USD',
          feeCents: 125,
          occurredAt: new Date('2024-01-02T03:04:05Z'),
          reference: 'HC-7KQ3',
          payerName: 'Jane Doe',
          payerEmail: null,
          note: 'For the surgery HC-7KQ3',
        },
      },
      {
        line: 6,
        movement: expect.objectContaining({
          externalId: '4002',
          kind: 'payment',
          amountCents: 125000,
          payerName: 'Sam Lee',
        }),
      },
      {
        line: 10,
        movement: expect.objectContaining({
          externalId: '4006',
          kind: 'refund',
          paymentExternalId: null,
          amountCents: 5000,
          payerName: 'Jane Doe',
        }),
      },
    ]);
  });
});

describe('a GoFundMe donations export', () => {
  const file = [
    'Donation Date,Donor First Name,Donor Last Name,Donor Email,Gross Amount,Transaction Fee,Net Amount,Currency,Comment,Status\n',
    '01/15/2024,Jane,Doe,jane@example.com,$100.00,$3.20,$96.80,USD,Get well HC-7KQ3,Successful\n',
    '01/16/2024,Sam,,,"$1,000.00",$29.30,$970.70,USD,,Refunded\n',
    '01/17/2024,Pat,Kim,,$25.00,$1.03,$23.97,USD,,Failed\n',
  ].join('');

  it('reads gross, fee, the donor from first and last names, email and comment, and derives ids the export lacks', async () => {
    const [first] = await read(file, { kind: 'gofundme' });
    expect(first).toEqual({
      line: 2,
      movement: {
        externalId: expect.stringMatching(/^[0-9a-f]{32}$/),
        kind: 'payment',
        paymentExternalId: null,
        amountCents: 10000,
        currency: 'USD',
        feeCents: 320,
        occurredAt: new Date('2024-01-15T12:00:00Z'),
        reference: 'HC-7KQ3',
        payerName: 'Jane Doe',
        payerEmail: 'jane@example.com',
        note: 'Get well HC-7KQ3',
      },
    });
  });

  it('gives a refunded donation as the gift and its refund, and skips a failed one', async () => {
    const rows = (await read(file, { kind: 'gofundme' })).slice(1);
    const gift = rows[0]!.movement;
    expect(rows.map(({ line, movement: m }) => [line, m.kind, m.amountCents, m.payerName])).toEqual([
      [3, 'payment', 100000, 'Sam'],
      [3, 'refund', 100000, 'Sam'],
    ]);
    expect(rows[1]!.movement).toMatchObject({
      externalId: `${gift.externalId}-refund`,
      paymentExternalId: gift.externalId,
    });
  });
});

describe('a CSV read through a column mapping', () => {
  const plain = custom({ date: 'Date', amount: 'Amount', defaultCurrency: 'USD' });

  it('matches headers whatever their case and surrounding spaces', async () => {
    const rows = await read(
      ' DATE ,amount,  Note\n2024-01-02,5.00,hi\n',
      custom({ date: 'Date', amount: 'AMOUNT', note: 'note', defaultCurrency: 'usd' }),
    );
    expect(rows.map((row) => [row.movement.amountCents, row.movement.currency, row.movement.note])).toEqual([
      [500, 'USD', 'hi'],
    ]);
  });

  it('reads amounts with thousands separators, symbols, signs, brackets, decimal commas and a currency in the cell', async () => {
    const amounts = [
      '1,234.56',
      '$1,234.56',
      '+ $50.00',
      '- $20.00',
      '(20.00)',
      '12,50',
      '1.234,56',
      '€12.50',
      '12.50 GBP',
      'CA$5.00',
      'AUD 1 234,56',
      '',
    ];
    const rows = await read('Date,Amount\n' + amounts.map((amount) => csvLine(['2024-01-02', amount])).join(''), plain);
    expect(rows.map(({ movement: m }) => [m.kind, m.amountCents, m.currency])).toEqual([
      ['payment', 123456, 'USD'],
      ['payment', 123456, 'USD'],
      ['payment', 5000, 'USD'],
      ['refund', 2000, 'USD'],
      ['refund', 2000, 'USD'],
      ['payment', 1250, 'USD'],
      ['payment', 123456, 'USD'],
      ['payment', 1250, 'EUR'],
      ['payment', 1250, 'GBP'],
      ['payment', 500, 'CAD'],
      ['payment', 123456, 'AUD'],
    ]);
  });

  it('reads "1.234" as 1,234 when the mapping says decimal comma, and refuses it otherwise', async () => {
    const file = 'Date,Amount\n2024-01-02,1.234\n';
    const rows = await read(
      file,
      custom({ date: 'Date', amount: 'Amount', defaultCurrency: 'EUR', decimalComma: true }),
    );
    expect(rows[0]!.movement.amountCents).toBe(123400);
    await expectLineError(read(file, plain), 2, 'the amount “1.234” is not a number');
  });

  it('refuses an amount that is not a number, naming its line', async () => {
    await expectLineError(
      read('Date,Amount\n2024-01-02,5.00\n2024-01-03,"12,3x"\n', plain),
      3,
      'the amount “12,3x” is not a number',
    );
  });

  it('refuses a line with no currency anywhere, and an amount in another currency than its currency column', async () => {
    await expectLineError(
      read('Date,Amount\n2024-01-02,$5.00\n', custom({ date: 'Date', amount: 'Amount' })),
      2,
      'the line names no currency',
    );
    await expectLineError(
      read(
        'Date,Amount,Currency\n2024-01-02,€5.00,USD\n',
        custom({ date: 'Date', amount: 'Amount', currency: 'Currency' }),
      ),
      2,
      'the amount is in EUR but the currency column says USD',
    );
  });

  it('reads ISO dates (a bare date as noon UTC), ISO offsets, US dates and times, and named months', async () => {
    const dates = [
      '2024-01-02',
      '2024-01-02T03:04:05',
      '2024-01-02T03:04:05+02:00',
      '01/02/2024',
      '1/2/24 1:45 PM',
      'Jan 2, 2024',
    ];
    const rows = await read('Date,Amount\n' + dates.map((date) => csvLine([date, '5.00'])).join(''), plain);
    expect(rows.map((row) => row.movement.occurredAt.toISOString())).toEqual([
      '2024-01-02T12:00:00.000Z',
      '2024-01-02T03:04:05.000Z',
      '2024-01-02T01:04:05.000Z',
      '2024-01-02T12:00:00.000Z',
      '2024-01-02T13:45:00.000Z',
      '2024-01-02T12:00:00.000Z',
    ]);
  });

  it('reads DD/MM/YYYY when the mapping says the day comes first', async () => {
    const rows = await read(
      'Date,Amount\n02/01/2024,5.00\n31/01/2024,5.00\n',
      custom({ date: 'Date', amount: 'Amount', defaultCurrency: 'GBP', dayFirst: true }),
    );
    expect(rows.map((row) => row.movement.occurredAt.toISOString().slice(0, 10))).toEqual(['2024-01-02', '2024-01-31']);
  });

  it('refuses a date that does not exist, naming its line', async () => {
    await expectLineError(read('Date,Amount\n2024-02-30,5.00\n', plain), 2, 'the date “2024-02-30” is not a date');
  });

  it('gives identical lines different ids, and the same ids when the same file is imported again', async () => {
    const file = 'Date,Amount,Name\n2024-01-02,20.00,Jane\n2024-01-02,20.00,Jane\n2024-01-02,20.00,Sam\n';
    const mapping = custom({ date: 'Date', amount: 'Amount', name: 'Name', defaultCurrency: 'USD' });
    const ids = (rows: StatementRow[]) => rows.map((row) => row.movement.externalId);
    const first = ids(await read(file, mapping));
    expect(new Set(first).size).toBe(3);
    expect(ids(await read(file, mapping))).toEqual(first);
  });

  it('takes the file’s id column, a refund named by the type column, and the reference in the note', async () => {
    const rows = await read(
      'Ref,Date,Amount,Kind,Memo\nT1,2024-01-02,20.00,Refund,Back to donor HC-7KQ3\n',
      custom({ id: 'Ref', date: 'Date', amount: 'Amount', type: 'Kind', note: 'Memo', defaultCurrency: 'USD' }),
    );
    expect(rows[0]!.movement).toMatchObject({
      externalId: 'T1',
      kind: 'refund',
      amountCents: 2000,
      reference: 'HC-7KQ3',
    });
  });

  it('names on line 1 a mapped column the file lacks', async () => {
    await expectLineError(
      read('Date,Amount\n2024-01-02,5.00\n', custom({ date: 'Date', amount: 'Amount', note: 'Memo' })),
      1,
      'the file has no “Memo” column, expected in the column mapping saved for this source',
    );
  });
});

describe('the CSV itself', () => {
  const mapping = custom({ date: 'Date', amount: 'Amount', note: 'Note', defaultCurrency: 'USD' });

  it('reads a BOM, CRLF line ends and quoted fields holding commas and line breaks, numbering lines as an editor does', async () => {
    const rows = await read(
      '\ufeffDate,Amount,Note\r\n2024-01-02,5.00,"Thanks, friends\r\nfor all, HC-7KQ3"\r\n2024-01-03,"1,000.00",plain\r\n',
      mapping,
    );
    expect(rows.map(({ line, movement: m }) => [line, m.amountCents, m.note, m.reference])).toEqual([
      [2, 500, 'Thanks, friends\r\nfor all, HC-7KQ3', 'HC-7KQ3'],
      [4, 100000, 'plain', null],
    ]);
  });

  it('yields nothing for an empty file, a BOM alone, or a header alone', async () => {
    expect(await read('', mapping)).toEqual([]);
    expect(await read('\ufeff', mapping)).toEqual([]);
    expect(await read('Date,Amount,Note\r\n', mapping)).toEqual([]);
  });

  it('refuses a line with fewer cells than the header, or more that are not empty', async () => {
    await expectLineError(
      read('Date,Amount,Note\n2024-01-02,5.00,a\n2024-01-03\n', mapping),
      3,
      'the line has 1 cell where the header has 3',
    );
    await expectLineError(
      read('Date,Amount,Note\n2024-01-02,5.00,a,extra\n', mapping),
      2,
      'the line has 4 cells where the header has 3',
    );
    expect(await read('Date,Amount,Note\n2024-01-02,5.00,a,,\n', mapping)).toHaveLength(1);
  });

  it('refuses a quote left open, naming the line it opens on', async () => {
    await expectLineError(
      read('Date,Amount,Note\n2024-01-02,5.00,ok\n2024-01-03,6.00,"never closed\n2024-01-04,7.00,x\n', mapping),
      3,
      'a quoted field is never closed',
    );
  });

  it('refuses text after a closing quote, naming the line', async () => {
    await expectLineError(
      read('Date,Amount,Note\n2024-01-02,5.00,"closed"then more\n', mapping),
      2,
      'a closing quote is followed by more text in the same field',
    );
  });

  it('refuses a line longer than 100,000 characters', async () => {
    await expectLineError(
      read(`Date,Amount,Note\n2024-01-02,5.00,"${'x'.repeat(100_001)}"\n`, mapping),
      2,
      'the line is longer than 100,000 characters',
    );
  });

  it('names the first bad line even when a later line in the same chunk breaks the CSV', async () => {
    await expectLineError(
      read('Date,Amount,Note\n2024-01-02,"12,3x",a\n2024-01-03,6.00,"never closed\n', mapping),
      2,
      'the amount “12,3x” is not a number',
    );
  });

  it('yields a line before the rest of the file has arrived', async () => {
    const input = new PassThrough();
    input.write('Date,Amount,Note\n2024-01-02,5.00,a\n2024-01-03,6.00,b\n');
    const rows = readStatement(input, mapping, 'other');
    expect((await rows.next()).value).toMatchObject({ line: 2, movement: { amountCents: 500 } });
    input.end('2024-01-04,7.00,c\n');
    const rest: number[] = [];
    for await (const row of rows) rest.push(row.line);
    expect(rest).toEqual([3, 4]);
  });

  it('reads a character split between two chunks', async () => {
    const bytes = Buffer.from('Date,Amount,Name\n2024-01-02,5.00,Zoë\n');
    const split = bytes.indexOf('ë') + 1;
    const rows = await read(
      [bytes.subarray(0, split), bytes.subarray(split)],
      custom({ date: 'Date', amount: 'Amount', name: 'Name', defaultCurrency: 'USD' }),
    );
    expect(rows[0]!.movement.payerName).toBe('Zoë');
  });

  it('refuses to read a processor’s own export as another source’s', async () => {
    await expect(readStatement(Readable.from(['']), { kind: 'paypal' }, 'venmo').next()).rejects.toThrow(
      "A paypal statement cannot be imported as venmo's",
    );
  });
});
