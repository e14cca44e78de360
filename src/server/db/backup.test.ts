/** Backups (issue 15): a backup restored into an empty database holds every table's rows as they were. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { BackupError, restoreBackup, writeBackup } from './backup.ts';
import { buildDonation } from '../../../tests/factories/donations.ts';
import { buildStory } from '../../../tests/factories/stories.ts';
import { releaseExpense, decideExpense, spendingCast, submittedExpense } from '../../../tests/factories/spending.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database.ts';
import { postJson, setupTestApp } from '../../../tests/setup/test-app.ts';

const t = setupTestApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-backup-'));
const targets: TestDatabase[] = [];
afterAll(async () => {
  for (const target of targets) await target.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every table's rows as JSON text, sorted: two databases with equal snapshots hold the same data. */
async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const tables = await database.db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = await database.db.execute<{ row: string }>(
      sql`select row_to_json(t)::text as row from ${sql.raw(`"${name}"`)} t order by 1`,
    );
    out[name] = rows.rows.map((r) => r.row);
  }
  return out;
}

async function backupFile(name: string): Promise<string> {
  const file = path.join(dir, name);
  await writeBackup(t.database, fs.createWriteStream(file));
  return file;
}

describe('a backup and its restore', () => {
  it('bring back every row of every table, uploads and the ledger included, into an empty database', async () => {
    const { campaignId, owner, managerA, managerB } = await spendingCast(t.app, t.database.db);
    await buildDonation(t.database.db, { amountCents: 500_000, donorName: 'Grace Hopper' });
    const expense = await submittedExpense(t.app, owner.cookie, campaignId);
    expect((await decideExpense(t.app, managerA.cookie, expense, 'approve')).statusCode).toBe(200);
    expect((await releaseExpense(t.app, managerB.cookie, expense)).statusCode).toBe(200);
    await buildStory(t.database.db);
    const intent = { amount: 20, paymentMethod: 'PayPal', timestamp: new Date().toISOString() };
    expect((await postJson(t.app, '/api/donation-intent', intent)).statusCode).toBe(201);

    const before = await snapshot(t.database);
    const filled = Object.entries(before)
      .filter(([, rows]) => rows.length > 0)
      .map(([name]) => name);
    expect(filled).toEqual(
      expect.arrayContaining([
        'uploads',
        'expense_documents',
        'ledger_entries',
        'ledger_balances',
        'sessions',
        'audit_log',
        'stories',
        'donation_intents',
      ]),
    );

    const file = await backupFile('all.backup');
    const target = await createTestDatabase({ empty: true });
    targets.push(target);
    const header = await restoreBackup(target, fs.createReadStream(file));
    expect(header.tables.map((x) => x.name)).toEqual(expect.arrayContaining(Object.keys(before)));
    expect(await snapshot(target)).toEqual(before);

    // The restored database takes new writes: its ledger triggers and identity counters work again.
    await buildDonation(target.db, { amountCents: 100 });
    const [balance] = (
      await target.db.execute<{ raised: string }>(sql`select raised_cents::text as raised from ledger_balances`)
    ).rows;
    expect(balance).toBeDefined();
  }, 60_000);

  it('refuses a database that is not empty, and a file that is not a backup, changing nothing', async () => {
    const file = await backupFile('refused.backup');
    await expect(restoreBackup(t.database, fs.createReadStream(file))).rejects.toThrow(
      new BackupError('The target database is not empty: restore into a new DATA_DIR or an empty database'),
    );
    const notBackup = path.join(dir, 'not-a-backup');
    fs.writeFileSync(notBackup, 'hello');
    const target = await createTestDatabase({ empty: true });
    targets.push(target);
    await expect(restoreBackup(target, fs.createReadStream(notBackup))).rejects.toBeInstanceOf(BackupError);
    const tables = await target.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
    );
    expect(tables.rows[0]!.n).toBe(0);
  });
});
