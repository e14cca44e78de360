/**
 * The one write path. `run(env, actor, command, ...args)` opens a transaction and hands the command a
 * context: the typed transaction, who acts, the time, and what the write promises once it commits. Mail is a job
 * inserted in the write's own transaction (decision 011): a rolled-back write leaves none, a committed one leaves
 * each, and the queue delivers it once whatever fails. The transaction also tells every instance which caches
 * it changed (heard at commit). Once committed, run() clears those caches here and tries the mail at once (the queue's job is then done, or delivers it later). Routes reach this through
 * `request.run(command, ...args)` (plugins/commands.ts); scripts and jobs call it with SYSTEM_ACTOR.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx, Db } from '../db/client.ts';
import type { Actor } from '../services/audit.ts';
import type { CampaignService } from '../services/campaign.ts';
import type { Clock } from '../services/clock.ts';
import type { Examples } from '../services/example-content.ts';
import type { JobQueue } from '../services/job-queue.ts';
import type { LedgerService } from '../services/ledger.ts';
import type { MailMessage, Mailer } from '../services/mail.ts';
import { productNameIn } from '../services/donor-mail.ts';
import { deliverMail, sealedMail, type MailJob, type MailKind } from '../services/mail-delivery.ts';
import type { CareReminderWhen } from '../services/care-mail.ts';
import type { MailableNotification } from '../services/notifications.ts';

export type { Actor, Tx };

/** Who acts when no person does (scripts, housekeeping, seeding). */
export const SYSTEM_ACTOR: Actor = { id: null, ip: null };

/** What a write's follow-ups need from the app. */
export interface CommandEnv {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  jobs: Pick<JobQueue, 'enqueue' | 'done'>;
  /** Seals a queued mail's text (it may carry a one-time link). */
  sessionSecret: string;
  /** Counts each mail tried, for /metrics. */
  observeMail?(outcome: 'sent' | 'failed', kind: string): void;
  campaigns: Pick<CampaignService, 'mainAppeal' | 'invalidate'>;
  ledgers: Pick<LedgerService, 'invalidate'>;
  /**
   * Renders the public pages again when the published content changed, and forgets the rendered record pages
   * after any other write (absent in API-only apps and scripts).
   */
  sitePages?: { refresh(): Promise<void>; forgetRecordPages(): void };
  publicUrl: string;
  /** This instance (a process's app): its own change notices are not heard again, as it cleared them at once. */
  instance: string;
  log: { error(obj: object, msg: string): void };
  /** The seed's examples, which production's mail leaves out (absent in scripts). */
  examples?: Pick<Examples, 'live'>;
}

export type Cache = 'progress' | 'ledger' | 'pages';

/**
 * A mail a write promises: what it is, and its idempotency key when the same mail could be promised by two
 * writes ("receipt:<gift id>"); otherwise the promise gets a key of its own. Never a person's id or address in
 * a key: keys are kept after her account is deleted.
 */
export interface MailPromise {
  kind: MailKind;
  key?: string;
}

type Built = MailMessage | ((product: string) => MailMessage);

/** What a write promises once it commits: mail (each a job in its transaction) and fresh caches. */
export interface AfterCommit {
  /** Mails this message once. */
  mail(promise: MailPromise, message: Built): void;
  /**
   * Mails these once each, tried after the answer has gone: the answer's timing must not tell whether one was
   * sent (a confirmation), or there may be many (an update to every follower).
   */
  mailInBackground(mails: readonly (MailPromise & { message: (product: string) => MailMessage })[]): void;
  /** Reminds a helper of her claimed care date at `at` (built then: nothing if she gave it back or it is done). */
  remindCareHelper(claimId: string, when: CareReminderWhen, at: Date): void;
  /** Mails the important ones among these notifications to people who allow notification email. */
  mailNotifications(rows: readonly MailableNotification[]): void;
  /** Sends the donor her thank-you and receipt for this gift (once, whoever records it; none once voided). */
  mailReceipt(donationId: string): void;
  /** Tells the donor her gift was refunded in full. */
  mailRefundNotice(donationId: string): void;
  /** Clears these caches on every instance: here before the answer, elsewhere once they hear of the commit. */
  refresh(...caches: Cache[]): void;
  /**
   * Tries all of this write's mail after the answer has gone (a batch of processors' events: no event's answer
   * waits for every gift's receipt; each is a job either way).
   */
  mailAfterAnswer(): void;
}

export interface CommandContext {
  tx: Tx;
  actor: Actor;
  /** The clock's time when the command started: one instant for every row it writes. */
  now: Date;
  afterCommit: AfterCommit;
}

export type Command<A extends unknown[], T> = (ctx: CommandContext, ...args: A) => Promise<T>;

/**
 * What a one-statement command gets: the database itself, not a transaction, and so nothing to promise (no mail,
 * no cache to clear: no instance would hear of it).
 */
export type StatementContext = Omit<CommandContext, 'tx' | 'afterCommit'> & { db: Db };

const ONE_STATEMENT = Symbol('one statement');

/** A command whose whole write is one statement; see oneStatement(). */
export type StatementCommand<A extends unknown[], T> = ((ctx: StatementContext, ...args: A) => Promise<T>) & {
  readonly [ONE_STATEMENT]: true;
};

/**
 * Marks a command whose whole write is one statement, atomic on its own: run() gives it the database without
 * BEGIN and COMMIT around it, two round trips that would otherwise cost more than the write (the busiest public
 * write, an intent). It promises nothing.
 */
export function oneStatement<A extends unknown[], T>(
  command: (ctx: StatementContext, ...args: A) => Promise<T>,
): StatementCommand<A, T> {
  return Object.assign(command, { [ONE_STATEMENT]: true as const });
}

/**
 * A command that only promises a mail: a notice that is no write's follow-up (an attempt to register with a
 * taken address, a sign-in paused). Its job is the promise, so the notice survives a mail server that is down.
 */
export function mailOnly(promise: MailPromise, message: Built): Command<[], void> {
  return async ({ afterCommit }) => afterCommit.mail(promise, message);
}

/** Every cache, in the order they are cleared: the public pages read progress. */
export const CACHES: readonly Cache[] = ['progress', 'ledger', 'pages'];

const inBackground = new Set<Promise<void>>();
/** Resolves once every mail tried in the background so far was tried: at shutdown, and in tests. */
export async function backgroundMailSent(): Promise<void> {
  while (inBackground.size > 0) await Promise.allSettled([...inBackground]);
}

/** A promised mail: its job (built in the transaction), and whether it is tried before the answer goes. */
interface Promised {
  job: MailJob | ((product: string) => MailJob);
  background: boolean;
  /** A mail for later: its job waits until then, and is not tried at once. */
  startAfter?: Date;
}

function createAfterCommit(env: CommandEnv): {
  afterCommit: AfterCommit;
  promised: Promised[];
  caches: Set<Cache>;
  allAfterAnswer: () => boolean;
} {
  const promised: Promised[] = [];
  let afterAnswer = false;
  const caches = new Set<Cache>();
  const sealed = (promise: MailPromise, message: Built) => (product: string) =>
    sealedMail(
      promise.key ?? `${promise.kind}:${randomUUID()}`,
      promise.kind,
      typeof message === 'function' ? message(product) : message,
      env.sessionSecret,
    );
  const afterCommit: AfterCommit = {
    mail: (promise, message) => promised.push({ job: sealed(promise, message), background: false }),
    mailInBackground: (mails) =>
      mails.forEach((mail) => promised.push({ job: sealed(mail, mail.message), background: true })),
    mailNotifications: (rows) =>
      rows
        .filter((row) => row.important)
        .forEach((row) =>
          promised.push({
            job: { key: `notification:${row.id}`, kind: 'notification', build: 'notification', notificationId: row.id },
            background: false,
          }),
        ),
    mailReceipt: (donationId) =>
      promised.push({
        job: { key: `receipt:${donationId}`, kind: 'receipt', build: 'receipt', donationId },
        background: false,
      }),
    mailRefundNotice: (donationId) =>
      promised.push({
        job: { key: `refund-notice:${donationId}`, kind: 'refund-notice', build: 'refund-notice', donationId },
        background: false,
      }),
    remindCareHelper: (claimId, when, at) =>
      promised.push({
        job: { key: `care-reminder:${claimId}:${when}`, kind: 'care-reminder', build: 'care-reminder', claimId, when },
        background: false,
        startAfter: at,
      }),
    refresh: (...wanted) => wanted.forEach((cache) => caches.add(cache)),
    mailAfterAnswer: () => void (afterAnswer = true),
  };
  return { afterCommit, promised, caches, allAfterAnswer: () => afterAnswer };
}

/** A promised mail's job as inserted: what it carries, its id, and whether it is tried after the answer. */
interface Enqueued {
  job: MailJob;
  id: string;
  background: boolean;
  /** Waits for its start time (a reminder): never tried at once. */
  delayed: boolean;
}

/** Inserts the promised mail as jobs in the write's transaction; answers them as inserted. */
async function enqueueMail(env: CommandEnv, tx: Tx, promised: readonly Promised[]): Promise<Enqueued[]> {
  if (promised.length === 0) return [];
  const product = promised.some((p) => typeof p.job === 'function') ? await productNameIn(tx) : '';
  const enqueued: Enqueued[] = [];
  for (const p of promised) {
    const job = typeof p.job === 'function' ? p.job(product) : p.job;
    const id = await env.jobs.enqueue(tx, 'mail', job, p.startAfter ? { startAfter: p.startAfter } : {});
    enqueued.push({ job, id, background: p.background, delayed: p.startAfter !== undefined });
  }
  return enqueued;
}

/**
 * Tries a committed write's mail now; once it went (or there is nothing to send) its job is removed, so no worker
 * takes it up only to find it sent. What fails stays with its job, which delivers it later.
 */
async function tryNow(env: CommandEnv, { job, id }: Enqueued) {
  try {
    await deliverMail(env, job);
  } catch (err) {
    return env.log.error(
      { err: { message: (err as Error).message }, kind: job.kind },
      'mail not sent yet; its job tries again',
    );
  }
  await env.jobs.done('mail', id).catch(() => {
    // A worker that takes it finds it sent.
  });
}

/**
 * The channel every instance listens on (plugins/changes.ts): a write's transaction notifies the caches it
 * changed, and each instance hears it once the write commits.
 */
export const CHANGES_CHANNEL = 'healing_circle_changes';

/** A change notice's text: the instance that wrote, then the caches, comma-separated (record pages: any write). */
const changeNotice = (instance: string, caches: Iterable<Cache>) => `${instance} ${[...caches].join(',')}`;

/** What a change notice says: the caches to clear, or none when it is this instance's own (cleared already). */
export function changedCaches(payload: string, instance: string): Cache[] | null {
  const [from, list = ''] = payload.split(' ');
  return from === instance ? null : CACHES.filter((cache) => list.split(',').includes(cache));
}

/**
 * Forgets what a write changed here: the record pages (stories and doctors show what many writes change: a
 * story, a reply, a name, a deletion), then these caches (pages after progress, as they read it).
 */
export async function forgetCaches(env: CommandEnv, caches: readonly Cache[]): Promise<void> {
  env.sitePages?.forgetRecordPages();
  for (const cache of CACHES.filter((c) => caches.includes(c))) {
    try {
      if (cache === 'progress') env.campaigns.invalidate();
      else if (cache === 'ledger') env.ledgers.invalidate();
      else await env.sitePages?.refresh();
    } catch (err) {
      env.log.error({ err: { message: (err as Error).message }, cache }, 'a cache was not cleared after a write');
    }
  }
}

/**
 * Runs `command` in one transaction (a one-statement command without one) with its promised mail inserted as jobs
 * before the commit; then clears the caches it named and tries its mail. Returns what the command returned. The
 * first signature types an inline command's context.
 */
export async function run<A extends unknown[], T>(
  env: CommandEnv,
  actor: Actor,
  command: Command<A, T>,
  ...args: A
): Promise<T>;
export async function run<A extends unknown[], T>(
  env: CommandEnv,
  actor: Actor,
  command: Command<A, T> | StatementCommand<A, T>,
  ...args: A
): Promise<T>;
export async function run<A extends unknown[], T>(
  env: CommandEnv,
  actor: Actor,
  command: Command<A, T> | StatementCommand<A, T>,
  ...args: A
): Promise<T> {
  const { afterCommit, promised, caches, allAfterAnswer } = createAfterCommit(env);
  const now = env.clock.now();
  let mail: Enqueued[] = [];
  const result =
    ONE_STATEMENT in command
      ? await command({ db: env.db, actor, now }, ...args)
      : await env.db.transaction(async (tx) => {
          const answer = await command({ tx, actor, now, afterCommit }, ...args);
          mail = await enqueueMail(env, tx, promised);
          // Every instance forgets what the write changed once it commits (plugins/changes.ts).
          await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${changeNotice(env.instance, caches)})`);
          return answer;
        });
  // Caches first, so mail sent next already sees the new figures. An intent (a one-statement command) changes
  // none of them.
  if (!(ONE_STATEMENT in command)) await forgetCaches(env, [...caches]);
  const atOnce = mail.filter((m) => !m.delayed);
  const beforeAnswer = (m: Enqueued) => !m.background && !allAfterAnswer();
  for (const enqueued of atOnce.filter(beforeAnswer)) await tryNow(env, enqueued);
  const later = atOnce.filter((m) => !beforeAnswer(m));
  if (later.length > 0) {
    const tried = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      for (const enqueued of later) await tryNow(env, enqueued);
    });
    inBackground.add(tried);
    void tried.finally(() => inBackground.delete(tried));
  }
  return result;
}
