/** A fresh, migrated, seeded database per test file: PGlite in memory, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { seedCampaign } from '../../src/server/db/seed.ts';

export interface TestDatabase extends Database {
  /** Drops the per-file PostgreSQL database too. */
  destroy(): Promise<void>;
}

/** `empty`: neither migrated nor seeded (a target for a restore). */
export async function createTestDatabase({ empty = false } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `hc_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
    dropDatabase = async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    };
  } else {
    // A copy of the run's migrated, seeded template (tests/setup/pglite-template.ts), where the project has one.
    const template = empty ? undefined : inject('pgliteTemplate');
    if (template) return withDestroy(await openDatabase({ loadDataDir: new Blob([fs.readFileSync(template)]) }));
    database = await openDatabase({});
  }
  if (!empty) {
    await database.migrate();
    await seedCampaign(database.db);
  }
  return withDestroy(database, dropDatabase);
}

function withDestroy(database: Database, dropDatabase = async () => {}): TestDatabase {
  return {
    ...database,
    async destroy() {
      await database.close();
      await dropDatabase();
    },
  };
}
