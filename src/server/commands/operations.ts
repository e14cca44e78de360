/** Admin operations: working the contact inbox, and sending undelivered mail for another try. */
import { eq, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { contactMessages } from '../db/schema/index.ts';
import { JOB_SCHEMA } from '../db/job-tables.ts';
import type { MailQueueName } from '../db/queries/mail-failures.ts';
import { audit } from '../services/audit.ts';
import type { JobQueue } from '../services/job-queue.ts';
import type { CommandContext } from './run.ts';

/** Marks a contact message handled, with its audit entry. */
export async function markContactHandled({ tx, actor }: CommandContext, id: string): Promise<void> {
  const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!before) throw new AppError('NOT_FOUND', 'No such message');
  await tx.update(contactMessages).set({ status: 'handled' }).where(eq(contactMessages.id, before.id));
  await audit(tx, actor, {
    action: 'contact.handled',
    targetType: 'contact_message',
    targetId: before.id,
    before: { status: before.status },
    after: { status: 'handled' },
  });
}

/**
 * Puts a mail the queue gave up on back to be tried (its tries start again; its key still sends it once), with
 * its audit entry; NOT_FOUND unless it is a failed mail job of that queue.
 */
export async function retryFailedMail(
  { tx, actor }: CommandContext,
  jobs: Pick<JobQueue, 'retry'>,
  queue: MailQueueName,
  id: string,
): Promise<void> {
  const { rows } = await tx.execute<{ kind: string }>(
    sql`select data->>'kind' as kind from ${sql.raw(`${JOB_SCHEMA}.job`)}
        where name = ${queue} and id = ${id} and state = 'failed' for update`,
  );
  if (!rows[0])
    throw new AppError('NOT_FOUND', 'No undelivered mail with that id (it may have been sent again already)');
  await jobs.retry(tx, queue, id);
  await audit(tx, actor, {
    action: 'mail.retry',
    targetType: 'mail',
    targetId: id,
    after: { kind: rows[0].kind, queue },
  });
}
