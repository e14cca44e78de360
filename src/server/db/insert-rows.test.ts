/** Many rows in one INSERT with one JSON parameter: stored as drizzle's own INSERT would store them. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestApp } from '../../../tests/setup/test-app.ts';
import { insertRows } from './insert-rows.ts';
import { auditLog, payments } from './schema/index.ts';

const t = setupTestApp();

const row = (externalId: string) => ({
  source: 'stripe',
  externalId,
  kind: 'payment' as const,
  amountCents: 2500,
  currency: 'USD',
  feeCents: null,
  occurredAt: new Date('2026-11-27T10:00:00.000Z'),
  reference: 'HC-ABCD',
  state: 'unmatched' as const,
  payload: { id: externalId, nested: { amounts: [1, 2], note: 'a "quoted" line\nand another' } },
});

describe('insertRows', () => {
  it('stores each row with its JSON as JSON and its time, and fills what no row gives with the column’s default', async () => {
    const stored = await t.database.db.transaction((tx) =>
      insertRows(tx, payments, [row('pi_rows_1'), row('pi_rows_2')]).returning(),
    );
    expect(stored.map((r) => r.externalId).sort()).toEqual(['pi_rows_1', 'pi_rows_2']);
    const [first] = await t.database.db.select().from(payments).where(eq(payments.externalId, 'pi_rows_1'));
    expect(first).toMatchObject({
      payload: row('pi_rows_1').payload,
      occurredAt: new Date('2026-11-27T10:00:00.000Z'),
      feeCents: null,
      cumulative: false,
      version: 1,
    });
    expect(first!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first!.receivedAt).toBeInstanceOf(Date);
  });

  it('adds nothing for a row already stored when told to do nothing on conflict', async () => {
    await t.database.db.transaction((tx) => insertRows(tx, payments, [row('pi_rows_3')]));
    const again = await t.database.db.transaction((tx) =>
      insertRows(tx, payments, [row('pi_rows_3'), row('pi_rows_4')])
        .onConflictDoNothing({ target: [payments.source, payments.externalId] })
        .returning(),
    );
    expect(again.map((r) => r.externalId)).toEqual(['pi_rows_4']);
  });

  it('refuses rows that give different columns, and a table with an identity column', async () => {
    await t.database.db.transaction(async (tx) => {
      expect(() => insertRows(tx, payments, [row('pi_rows_5'), { ...row('pi_rows_6'), note: 'only here' }])).toThrow(
        /every row of payments must give note/,
      );
      expect(() => insertRows(tx, auditLog, [{ action: 'payment.import', targetType: 'payment_import' }])).toThrow(
        /identity column/,
      );
    });
  });
});
