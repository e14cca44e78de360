/**
 * Mail a write promised, delivered from the job queue (decision 011): at least once, and sent once. Each mail has
 * an idempotency key (a receipt per gift, a reset mail per token, a notice per notification); a sender claims the
 * key for a while before sending and marks it sent once the mail server took it, so a retried, doubled or
 * replayed job never mails twice, and a sender that died lets the next one try when its claim runs out.
 *
 * A job carries no readable address or text: a message built by the write travels sealed (it may hold a one-time
 * link), and a receipt, refund notice or notification is built when it is sent, from the records.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { MailKind } from '#shared/schemas/mail-failures.ts';
import type { Db } from '../db/client.ts';
import { mailDeliveries, notifications, users } from '../db/schema/index.ts';
import type { Clock } from './clock.ts';
import { buildReceipt, buildRefundNotice, markReceiptSent, productNameIn, type DonorMailDeps } from './donor-mail.ts';
import type { JobQueue, QueueName } from './job-queue.ts';
import { mailFailure, type MailMessage, type Mailer } from './mail.ts';
import { notificationMail } from './mail-templates.ts';
import { buildCareReminder, type CareReminderWhen } from './care-mail.ts';
import { seal, unseal } from './sealed.ts';

export type { MailKind };

/** A mail job: its key and kind, and what to build it from. */
export type MailJob =
  | { key: string; kind: MailKind; build: 'sealed'; sealed: string }
  | { key: string; kind: 'receipt' | 'refund-notice'; build: 'receipt' | 'refund-notice'; donationId: string }
  | { key: string; kind: 'notification'; build: 'notification'; notificationId: string }
  | { key: string; kind: 'care-reminder'; build: 'care-reminder'; claimId: string; when: CareReminderWhen };

/** The header that carries a mail's idempotency key: one key, one mail, whatever the retries. */
export const DELIVERY_KEY_HEADER = 'X-Healing-Circle-Delivery';

const SEALED = 'healing-circle/queued-mail';

export interface MailDeliveryDeps extends DonorMailDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sessionSecret: string;
  /** Counts each try for /metrics (absent: not counted). */
  observeMail?(outcome: 'sent' | 'failed', kind: string): void;
}

/** A built message as its job carries it. */
export function sealedMail(key: string, kind: MailKind, message: MailMessage, sessionSecret: string): MailJob {
  return { key, kind, build: 'sealed', sealed: seal(JSON.stringify(message), sessionSecret, SEALED) };
}

/** A mail that could not be sent: the mail server's code only (its reply quotes addresses). */
export class MailNotSent extends Error {
  constructor(err: unknown) {
    const { code, responseCode } = mailFailure(err) as { code?: string; responseCode?: number };
    super(['mail not sent', code, responseCode].filter(Boolean).join(': '));
    this.name = 'MailNotSent';
  }
}

/**
 * Takes the key for this sender, for as long as a send can take (the mailer's timeouts); answers 'sent' when it
 * went already and 'held' when another sender holds it now.
 */
async function claim(db: Db, job: MailJob, now: Date, holdMs: number): Promise<'claimed' | 'sent' | 'held'> {
  const until = new Date(now.getTime() + holdMs);
  const [claimed] = await db
    .insert(mailDeliveries)
    .values({ key: job.key, kind: job.kind, claimedUntil: until, attempts: 1 })
    .onConflictDoUpdate({
      target: mailDeliveries.key,
      set: { claimedUntil: until, attempts: sql`${mailDeliveries.attempts} + 1` },
      setWhere: and(
        isNull(mailDeliveries.sentAt),
        or(isNull(mailDeliveries.claimedUntil), lt(mailDeliveries.claimedUntil, now)),
      ),
    })
    .returning({ key: mailDeliveries.key });
  if (claimed) return 'claimed';
  const [row] = await db.select().from(mailDeliveries).where(eq(mailDeliveries.key, job.key));
  return row?.sentAt ? 'sent' : 'held';
}

/** The message to send now, or null when there is none any more (a voided gift, a notice she turned off). */
async function build(deps: MailDeliveryDeps, job: MailJob): Promise<MailMessage | null> {
  switch (job.build) {
    case 'sealed':
      return JSON.parse(unseal(job.sealed, deps.sessionSecret, SEALED)) as MailMessage;
    case 'receipt':
      return buildReceipt(deps, job.donationId);
    case 'refund-notice':
      return buildRefundNotice(deps, job.donationId);
    case 'care-reminder':
      return buildCareReminder(deps, job.claimId, job.when);
    case 'notification': {
      const [row] = await deps.db
        .select({ n: notifications, email: users.email, firstName: users.firstName, wants: users.notifyByEmail })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(eq(notifications.id, job.notificationId));
      if (!row?.wants) return null;
      const link = row.n.link ? `${deps.publicUrl}${row.n.link}` : null;
      return notificationMail(await productNameIn(deps.db), row, row.n.title, row.n.body, link);
    }
  }
}

/**
 * Sends this job's mail unless it went already; answers what happened. Throws MailNotSent (the mail server's code
 * only) when the mail server refused or did not answer, having let the key go for the next try; throws when
 * another sender holds the key, so the job is tried again later.
 */
export async function deliverMail(
  deps: MailDeliveryDeps,
  job: MailJob,
): Promise<'sent' | 'already sent' | 'nothing to send'> {
  const state = await claim(deps.db, job, deps.clock.now(), deps.mailer.longestSendMs);
  if (state === 'sent') return 'already sent';
  if (state === 'held') throw new Error('another sender holds this mail; it is tried again later');
  const message = await build(deps, job).catch(async (err: unknown) => {
    await release(deps.db, job.key);
    throw err;
  });
  if (message) {
    try {
      await deps.mailer.send({ ...message, headers: { ...message.headers, [DELIVERY_KEY_HEADER]: job.key } });
    } catch (err) {
      deps.observeMail?.('failed', job.kind);
      await release(deps.db, job.key);
      throw new MailNotSent(err);
    }
    deps.observeMail?.('sent', job.kind);
  }
  const now = deps.clock.now();
  await deps.db.update(mailDeliveries).set({ sentAt: now, claimedUntil: null }).where(eq(mailDeliveries.key, job.key));
  if (message && job.build === 'receipt') await markReceiptSent(deps.db, job.donationId, now);
  return message ? 'sent' : 'nothing to send';
}

const release = (db: Db, key: string) =>
  db.update(mailDeliveries).set({ claimedUntil: null }).where(eq(mailDeliveries.key, key));

/**
 * The mail queues' handlers. The first hour backs off from 10 s (queue `mail`); a mail still not sent after its
 * last try there moves to `mail-hourly`, tried once an hour for the rest of the day, then kept as failed.
 */
export function mailHandlers(deps: MailDeliveryDeps, queue: Pick<JobQueue, 'send'>) {
  const handler = (name: QueueName) => async (job: { data: object; retryCount: number; retryLimit: number }) => {
    const mail = job.data as MailJob;
    try {
      return { result: await deliverMail(deps, mail) };
    } catch (err) {
      if (name !== 'mail' || job.retryCount < job.retryLimit) throw err;
      await queue.send('mail-hourly', mail);
      return { result: 'tried hourly from now', reason: (err as Error).message };
    }
  };
  return { mail: handler('mail'), 'mail-hourly': handler('mail-hourly') };
}
