/**
 * Migration 0022: gifts and refund requests recorded as "Buy Me Coffee" (the spec's admin list) are renamed to the
 * donate page's "Buy Me a Coffee", so every list, export and mail names the platform one way.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database.ts';
import { buildDonation, mainAppealId } from '../../../tests/factories/donations.ts';
import { donations, refundRequests } from './schema/index.ts';

const MIGRATION = new URL('../../../drizzle/0023_buy_me_a_coffee.sql', import.meta.url);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** Runs the migration's statements again on today's schema, as a database migrated before them would. */
async function migrate() {
  for (const statement of fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint'))
    await database.db.execute(sql.raw(statement));
}

describe('0023_buy_me_a_coffee', () => {
  it('renames gifts and refund requests recorded as "Buy Me Coffee", keeping a reference that would clash', async () => {
    const { db } = database;
    const old = await buildDonation(db, { paymentMethod: 'Buy Me Coffee', externalReference: 'BMC-1' });
    const clash = await buildDonation(db, { paymentMethod: 'Buy Me Coffee', externalReference: 'BMC-2' });
    await buildDonation(db, { paymentMethod: 'Buy Me a Coffee', externalReference: 'BMC-2' });
    const withoutReference = await buildDonation(db, { paymentMethod: 'Buy Me Coffee' });
    const zelle = await buildDonation(db, { paymentMethod: 'Zelle' });
    const [request] = await db
      .insert(refundRequests)
      .values({
        campaignId: await mainAppealId(db),
        name: 'Ruth B.',
        email: 'ruth@example.org',
        amountCents: 2500,
        currency: 'USD',
        paymentMethod: 'Buy Me Coffee',
        donatedOn: '2026-11-20',
        reason: 'Given twice by mistake',
      })
      .returning();

    await migrate();

    const methodOf = async (id: string) =>
      (await db.select({ m: donations.paymentMethod }).from(donations).where(eq(donations.id, id)))[0]!.m;
    expect(await methodOf(old.id)).toBe('Buy Me a Coffee');
    expect(await methodOf(withoutReference.id)).toBe('Buy Me a Coffee');
    expect(await methodOf(clash.id)).toBe('Buy Me Coffee');
    expect(await methodOf(zelle.id)).toBe('Zelle');
    const [renamed] = await db.select().from(refundRequests).where(eq(refundRequests.id, request!.id));
    expect(renamed!.paymentMethod).toBe('Buy Me a Coffee');
  });
});
