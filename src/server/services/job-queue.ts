/**
 * The job queue (decision 011): pg-boss in the app's own database, PGlite or PostgreSQL, through the one SQL
 * runner each gives (db/client.ts). A write's follow-ups are jobs inserted in the write's own transaction
 * (`enqueue`), so a rolled-back write leaves none and a committed one leaves each; workers on every instance take
 * them, at least once, and a job whose worker died runs again when its lease ends. Scheduled sweeps are pg-boss
 * schedules: one job per tick, taken by one instance.
 */
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { SqlRunner, Tx } from '../db/client.ts';
import { JOB_SCHEMA, queues, type QueueName } from '../db/job-tables.ts';

export type { QueueName };

/** When each scheduled queue gets a job (cron, UTC). */
const SCHEDULES: Partial<Record<QueueName, string>> = { housekeeping: '17 * * * *' };

/** A failed job stays readable (the failed-deliveries page, a retry) for this long before it is archived. */
const KEEP_FAILED_SECONDS = 30 * 24 * 60 * 60;

/** Jobs a worker takes at once: at most this many mails go to the mail server together from one instance. */
const BATCH = 10;

export type JobHandler = (job: PgBoss.JobWithMetadata<object>) => Promise<unknown>;

/** pg-boss's positional SQL ($1, $2, ...) as a drizzle query, so it runs in the transaction it is given. */
function positionalSql(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [sql.raw(parts[0]!)];
  // One parameter each, arrays too (drizzle would spread a bare array into a list).
  for (let i = 1; i < parts.length; i += 2)
    chunks.push(sql`${sql.param(values[Number(parts[i]) - 1] ?? null)}`, sql.raw(parts[i + 1]!));
  return sql.join(chunks);
}

const inTransaction = (tx: Tx): PgBoss.Db => ({
  executeSql: async (text, values) => ({ rows: (await tx.execute(positionalSql(text, values))).rows }),
});

export interface JobQueueOptions {
  /** Take jobs here (off in tests, which run them with `drain`, and in scripts). */
  workers: boolean;
  /** How often an idle worker looks for jobs. */
  pollingIntervalSeconds?: number;
  /** How long a mail job may run before it is given back (the mailer's longest send). */
  mailLeaseSeconds: number;
  log: { error(obj: object, msg: string): void };
}

export interface JobQueue {
  /** Adds a job in the write's transaction: it exists exactly when the write commits. Answers its id. */
  /** `startAfter`: not before then (a reminder). */
  enqueue(tx: Tx, queue: QueueName, data: object, options?: { startAfter?: Date }): Promise<string>;
  /** Removes a job whose work was done outside the queue (a mail sent at once), so no worker takes it up. */
  done(queue: QueueName, id: string): Promise<void>;
  /** Adds a job outside any write (a follow-up of a job, a retry). */
  send(queue: QueueName, data: object, options?: PgBoss.SendOptions): Promise<void>;
  /** What runs a queue's jobs; set before `start`. */
  handle(queue: QueueName, handler: JobHandler): void;
  /** Sets this instance's mail lease on the queues, adds the schedules, and starts the workers (when asked). */
  start(): Promise<void>;
  /**
   * Runs here, now, every job of these queues that is due (with `everything`, every waiting one, whatever its
   * retry time): tests, and an operator's command. Answers how many ran.
   */
  drain(queues?: readonly QueueName[], options?: { everything?: boolean }): Promise<number>;
  /** Puts a failed job back to be tried again, in the write's transaction. */
  retry(tx: Tx, queue: QueueName, id: string): Promise<void>;
  /** Stops taking jobs and waits up to `drainMs` for those running to finish. */
  stop(drainMs: number): Promise<void>;
}

export function createJobQueue(runner: SqlRunner, options: JobQueueOptions): JobQueue {
  const boss = new PgBoss({
    db: runner,
    schema: JOB_SCHEMA,
    migrate: false,
    // Maintenance and schedules are cheap and guarded by advisory locks: every instance may run them.
    supervise: options.workers,
    schedule: options.workers,
    archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
    // Leases are checked at maintenance: at least as often as a mail's, so a dead worker's job waits one lease.
    maintenanceIntervalSeconds: Math.min(120, options.mailLeaseSeconds),
  });
  const definitions = queues(options.mailLeaseSeconds);
  boss.on('error', (err) => options.log.error({ err: { message: err.message } }, 'job queue error'));
  const handlers = new Map<QueueName, JobHandler>();

  async function runOne(queue: QueueName, job: PgBoss.JobWithMetadata<object>) {
    const handler = handlers.get(queue);
    if (!handler) throw new Error(`no handler for the ${queue} queue`);
    try {
      await boss.complete(queue, job.id, (await handler(job)) as object);
    } catch (err) {
      await boss.fail(queue, job.id, { message: (err as Error).message });
    }
  }

  return {
    async enqueue(tx, queue, data, options) {
      const id = await boss.send(queue, data, { db: inTransaction(tx), ...options });
      if (!id) throw new Error(`the ${queue} queue took no job`);
      return id;
    },
    async done(queue, id) {
      await boss.deleteJob(queue, id);
    },
    async send(queue, data, sendOptions) {
      await boss.send(queue, data, sendOptions ?? {});
    },
    handle(queue, handler) {
      handlers.set(queue, handler);
    },
    async start() {
      await boss.start();
      // The queues exist (Database.migrate()); this instance's mail lease is its own.
      for (const queue of Object.values(definitions)) await boss.updateQueue(queue.name, queue);
      if (!options.workers) return;
      for (const [queue, cron] of Object.entries(SCHEDULES)) await boss.schedule(queue, cron, {}, { tz: 'UTC' });
      for (const queue of handlers.keys())
        await boss.work<object>(
          queue,
          // pg-boss waits its interval after each batch, found jobs or not: a batch of several, run together (so
          // the batch ends within one job's lease), keeps a backlog (mail after an outage) moving.
          { includeMetadata: true, batchSize: BATCH, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          // Each job completed or failed on its own (pg-boss's own completion of the batch then finds none).
          async (jobs) => {
            await Promise.all(jobs.map((job) => runOne(queue, job)));
          },
        );
    },
    async drain(queues = [...handlers.keys()], { everything = false } = {}) {
      let ran = 0;
      for (;;) {
        let batch = 0;
        for (const queue of queues) {
          const jobs = await boss.fetch<object>(queue, {
            includeMetadata: true,
            batchSize: BATCH,
            ignoreStartAfter: everything,
          });
          for (const job of jobs) await runOne(queue, job);
          batch += jobs.length;
        }
        if (batch === 0) return ran;
        ran += batch;
      }
    },
    async retry(tx, queue, id) {
      await boss.retry(queue, id, { db: inTransaction(tx) });
    },
    async stop(drainMs) {
      await boss.stop({ graceful: true, close: false, wait: true, timeout: Math.max(drainMs, 1) });
    },
  };
}
