/**
 * Vitest global setup: one migrated, seeded PGlite database, dumped to a file once per run. Each test file's
 * fresh database (tests/setup/database.ts) loads that dump instead of running every migration again, which
 * was most of each API file's set-up time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedCampaign } from '../../src/server/db/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dump of a migrated, seeded PGlite data directory. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  // With TEST_DATABASE_URL every file makes its own PostgreSQL database instead.
  if (process.env.TEST_DATABASE_URL) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  const database = await openDatabase({});
  await database.migrate();
  await seedCampaign(database.db);
  fs.writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
