/**
 * Mail the job queue gave up on (decision 011): failed jobs of the mail queues, read from pg-boss's table. What a
 * super admin may see of one: what it was, when, how many tries and the mail server's code; never its address or
 * text (the job holds them sealed, or only the record they are built from).
 */
import { sql } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import type { Db } from '../client.ts';
import { JOB_SCHEMA } from '../job-tables.ts';
import { mailDeliveries } from '../schema/index.ts';
import { paged } from './paging.ts';

export const MAIL_QUEUE_NAMES = ['mail', 'mail-hourly'] as const;
export type MailQueueName = (typeof MAIL_QUEUE_NAMES)[number];

const jobs = sql.raw(`${JOB_SCHEMA}.job`);
const failedMail = sql`name in ('mail', 'mail-hourly') and state = 'failed'`;

export interface MailFailureRow {
  id: string;
  queue: MailQueueName;
  kind: string;
  /** When the mail was first tried. */
  queuedAt: Date;
  failedAt: Date;
  /** Every try, in both queues. */
  tries: number;
  /** The last failure's message: the mail server's code (MailNotSent) or the queue's own words. */
  reason: string | null;
}

const countFailed = async (db: Db) =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${jobs} where ${failedMail}`)).rows;

export async function failedMailCount(db: Db): Promise<number> {
  return (await countFailed(db))[0]?.n ?? 0;
}

/** A page of the failed mail, newest failure first. */
export function failedMailPage<Item>(db: Db, page: number, present: (row: MailFailureRow) => Item) {
  return paged(
    { page, pageSize: ADMIN_LIST_PAGE_SIZE },
    (limit, offset) => failedMailRows(db, limit, offset),
    () => countFailed(db),
    present,
  );
}

async function failedMailRows(db: Db, limit: number, offset: number): Promise<MailFailureRow[]> {
  const { rows } = await db.execute<{
    id: string;
    queue: MailQueueName;
    kind: string;
    queued_at: string;
    failed_at: string;
    tries: number;
    reason: string | null;
  }>(sql`
    select j.id, j.name as queue, j.data->>'kind' as kind, coalesce(d.created_at, j.created_on) as queued_at,
      j.completed_on as failed_at, coalesce(d.attempts, j.retry_count + 1) as tries, j.output->>'message' as reason
    from ${jobs} j left join ${mailDeliveries} d on d.key = j.data->>'key'
    where ${failedMail}
    order by j.completed_on desc, j.id limit ${limit} offset ${offset}`);
  return rows.map((r) => ({
    id: r.id,
    queue: r.queue,
    kind: r.kind,
    queuedAt: new Date(r.queued_at),
    failedAt: new Date(r.failed_at),
    tries: Number(r.tries),
    reason: r.reason,
  }));
}
