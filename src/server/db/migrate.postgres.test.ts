/** Instances starting together on a fresh PostgreSQL database (issue 15): the migrations run once, under a lock. */
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database.ts';

const opened: Database[] = [];
let fresh: TestDatabase | undefined;
afterAll(async () => {
  for (const database of opened) await database.close();
  await fresh?.destroy();
});

describe('migrations on a fresh PostgreSQL database', () => {
  it('run once when three instances start at the same moment, and all three then see the full schema', async () => {
    fresh = await createTestDatabase({ empty: true });
    const url = process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${await currentName(fresh)}`);
    const instances = await Promise.all([0, 1, 2].map(() => openDatabase({ url })));
    opened.push(...instances);
    await Promise.all(instances.map((database) => database.migrate()));
    const applied = await fresh.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]!.n).toBe(readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length);
    for (const database of instances)
      expect((await database.db.execute(sql`select 1 from ledger_balances limit 0`)).rows).toEqual([]);
  });
});

async function currentName(database: Database): Promise<string> {
  return (await database.db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0]!.name;
}
