/** The job queue's tables (pg-boss's, in their own schema): made or brought up to date with the app's migrations. */
import PgBoss from 'pg-boss';
import type { SqlRunner } from './client.ts';

export const JOB_SCHEMA = 'pgboss';

/** Creates the queue's tables, or migrates them to this pg-boss version (pg-boss holds an advisory lock meanwhile). */
export async function migrateJobTables(runner: SqlRunner): Promise<void> {
  const boss = new PgBoss({ db: runner, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}
