/** The job queue's jobs by queue and state (for /metrics): waiting, retrying, active, failed, completed. */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { JOB_SCHEMA } from '../job-tables.ts';

export async function jobCounts(db: Db): Promise<{ queue: string; state: string; n: number }[]> {
  const { rows } = await db.execute<{ queue: string; state: string; n: number }>(
    sql`select name as queue, state::text as state, count(*)::int as n from ${sql.raw(`${JOB_SCHEMA}.job`)} group by 1, 2`,
  );
  return rows;
}
