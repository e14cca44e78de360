/** The job queue's tables (pg-boss's, in their own schema): made or brought up to date with the app's migrations. */
import PgBoss from 'pg-boss';
import type { SqlRunner } from './client.ts';

export const JOB_SCHEMA = 'pgboss';

/**
 * The queues and what a job of each may take before it is kept as failed. A mail job's lease is as long as a
 * sender holds its mail (the mailer's longest send): a worker killed while sending gives the job back after it.
 */
export const queues = (mailLeaseSeconds: number) =>
  ({
    /** Mail, first: ten tries backing off from 10 s (about an hour in all); then `mail-hourly` (mail-delivery.ts). */
    mail: { name: 'mail', retryLimit: 9, retryDelay: 10, retryBackoff: true, expireInSeconds: mailLeaseSeconds },
    /** Mail the first hour could not deliver: once an hour for the rest of the day, then kept as failed. */
    'mail-hourly': {
      name: 'mail-hourly',
      retryLimit: 23,
      retryDelay: 3600,
      retryBackoff: false,
      expireInSeconds: mailLeaseSeconds,
    },
    /** The hourly housekeeping sweep: one at a time, whichever instance takes it. */
    housekeeping: { name: 'housekeeping', policy: 'singleton', retryLimit: 0, expireInSeconds: 900 },
  }) as const satisfies Record<string, PgBoss.Queue>;

export type QueueName = keyof ReturnType<typeof queues>;

/** A mail's lease until an instance starts and sets its own: the longest send at the default MAIL_TIMEOUT_SECONDS. */
const MAIL_LEASE_SECONDS_UNTIL_STARTED = 4 * 30;

/**
 * Creates the queue's tables, or migrates them to this pg-boss version (pg-boss holds an advisory lock meanwhile),
 * and the queues that are missing: a job sent to a queue that does not exist is dropped without a word, and a
 * script may enqueue mail before any server has started.
 */
export async function migrateJobTables(runner: SqlRunner): Promise<void> {
  const boss = new PgBoss({ db: runner, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true });
  await boss.start();
  for (const queue of Object.values(queues(MAIL_LEASE_SECONDS_UNTIL_STARTED)))
    if (!(await boss.getQueue(queue.name))) await boss.createQueue(queue.name, queue);
  await boss.stop({ graceful: false, close: false, wait: true });
}
