/**
 * The one write path. `run(env, actor, command, ...args)` opens a transaction and hands the command a
 * context: the typed transaction, who acts, the time, and an after-commit queue. What must happen only once
 * the write is durable (mail, notification mail, clearing the progress, ledger and page caches) goes on that
 * queue; it runs after the commit, in order, and not at all when the command throws (the write rolls back).
 * A failed follow-up is logged and never undoes the committed write. Routes reach this through
 * `request.run(command, ...args)` (plugins/commands.ts); scripts and timers call it with SYSTEM_ACTOR.
 */
import type { Tx, Db } from '../db/client.ts';
import type { Actor } from '../services/audit.ts';
import type { CampaignService } from '../services/campaign.ts';
import type { Clock } from '../services/clock.ts';
import type { Examples } from '../services/example-content.ts';
import type { LedgerService } from '../services/ledger.ts';
import { mailFailure, type MailMessage, type Mailer } from '../services/mail.ts';
import { emailImportant, type MailableNotification } from '../services/notifications.ts';
import { sendReceipt, sendRefundNotice } from '../services/donor-mail.ts';

export type { Actor, Tx };

/** Who acts when no person does (scripts, housekeeping, seeding). */
export const SYSTEM_ACTOR: Actor = { id: null, ip: null };

/** What the after-commit follow-ups need from the app. */
export interface CommandEnv {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  campaigns: Pick<CampaignService, 'current' | 'invalidate'>;
  ledgers: Pick<LedgerService, 'invalidate'>;
  /**
   * Renders the public pages again when the published content changed, and forgets the rendered record pages
   * after any other write (absent in API-only apps and scripts).
   */
  sitePages?: { refresh(): Promise<void>; forgetRecordPages(): void };
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  /** The seed's examples, which production's mail leaves out (absent in scripts). */
  examples?: Pick<Examples, 'live'>;
}

export type Cache = 'progress' | 'ledger' | 'pages';

/** Follow-ups that run once the transaction committed. */
export interface AfterCommit {
  /** Sends this mail. */
  mail(message: MailMessage | ((product: string) => MailMessage)): void;
  /**
   * Sends these mails after the answer has gone: the answer's timing must not tell whether one was sent
   * (a confirmation), or there may be many (an update to every follower). A failed send is logged.
   */
  mailInBackground(messages: readonly ((product: string) => MailMessage)[]): void;
  /** Mails the important ones among these notifications to people who allow notification email. */
  mailNotifications(rows: readonly MailableNotification[]): void;
  /** Sends the donor her thank-you and receipt for this gift (once, whoever records it; none once voided). */
  mailReceipt(donationId: string): void;
  /** Tells the donor her gift was refunded in full. */
  mailRefundNotice(donationId: string): void;
  /** Clears these caches on this instance (others notice within their one-second cache). */
  refresh(...caches: Cache[]): void;
}

export interface CommandContext {
  tx: Tx;
  actor: Actor;
  /** The clock's time when the command started: one instant for every row it writes. */
  now: Date;
  afterCommit: AfterCommit;
}

export type Command<A extends unknown[], T> = (ctx: CommandContext, ...args: A) => Promise<T>;

/** What a one-statement command gets: the database itself, not a transaction. */
export type StatementContext = Omit<CommandContext, 'tx'> & { db: Db };

const ONE_STATEMENT = Symbol('one statement');

/** A command whose whole write is one statement; see oneStatement(). */
export type StatementCommand<A extends unknown[], T> = ((ctx: StatementContext, ...args: A) => Promise<T>) & {
  readonly [ONE_STATEMENT]: true;
};

/**
 * Marks a command whose whole write is one statement, atomic on its own: run() gives it the database without
 * BEGIN and COMMIT around it, two round trips that would otherwise cost more than the write (the busiest public
 * write, an intent). Its after-commit queue runs once the statement has.
 */
export function oneStatement<A extends unknown[], T>(
  command: (ctx: StatementContext, ...args: A) => Promise<T>,
): StatementCommand<A, T> {
  return Object.assign(command, { [ONE_STATEMENT]: true as const });
}

type Task = (env: CommandEnv) => Promise<void> | void;

const CACHE_ORDER: readonly Cache[] = ['progress', 'ledger', 'pages'];

const inBackground = new Set<Promise<void>>();
/** Resolves once every mail sent in the background so far has gone: at shutdown, and in tests. */
export async function backgroundMailSent(): Promise<void> {
  while (inBackground.size > 0) await Promise.allSettled([...inBackground]);
}

function createQueue(): { afterCommit: AfterCommit; tasks: Task[]; caches: Set<Cache> } {
  const tasks: Task[] = [];
  const caches = new Set<Cache>();
  const afterCommit: AfterCommit = {
    mail: (message) =>
      tasks.push(async (env) => {
        const built =
          typeof message === 'function' ? message((await env.campaigns.current()).content.product.name) : message;
        await env.mailer.send(built);
      }),
    mailInBackground: (messages) => {
      if (messages.length === 0) return;
      tasks.push((env) => {
        const job = new Promise<void>((resolve) => setImmediate(resolve))
          .then(async () => {
            const { product } = (await env.campaigns.current()).content;
            for (const message of messages)
              await env.mailer
                .send(message(product.name))
                .catch((err: unknown) => env.log.error({ mail: mailFailure(err) }, 'mail not sent'));
          })
          .catch((err: unknown) => env.log.error({ err: mailFailure(err) }, 'mail not sent'));
        inBackground.add(job);
        void job.finally(() => inBackground.delete(job));
      });
    },
    mailNotifications: (rows) => {
      const important = rows.filter((r) => r.important);
      if (important.length === 0) return;
      tasks.push(async (env) => {
        const { product } = (await env.campaigns.current()).content;
        await emailImportant({ ...env, product: product.name }, important);
      });
    },
    mailReceipt: (donationId) =>
      tasks.push(async (env) => {
        await sendReceipt(env, donationId);
      }),
    mailRefundNotice: (donationId) => tasks.push((env) => sendRefundNotice(env, donationId)),
    refresh: (...wanted) => wanted.forEach((cache) => caches.add(cache)),
  };
  return { afterCommit, tasks, caches };
}

async function refreshCache(env: CommandEnv, cache: Cache): Promise<void> {
  if (cache === 'progress') env.campaigns.invalidate();
  else if (cache === 'ledger') env.ledgers.invalidate();
  else await env.sitePages?.refresh();
}

/**
 * Runs `command` in one transaction (a one-statement command without one), then its after-commit queue; returns
 * what the command returned. The first signature types an inline command's context.
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
  const { afterCommit, tasks, caches } = createQueue();
  const now = env.clock.now();
  const result =
    ONE_STATEMENT in command
      ? await command({ db: env.db, actor, now, afterCommit }, ...args)
      : await env.db.transaction((tx) => command({ tx, actor, now, afterCommit }, ...args));
  // The pages of stories and doctors show what many writes change (a story, a reply, a name, a deletion):
  // any write but an intent (a one-statement command, which no such page shows) renders them again.
  if (!(ONE_STATEMENT in command)) env.sitePages?.forgetRecordPages();
  // Caches first (pages after progress, as they read it), so mail sent next already sees the new figures.
  const followUps: Task[] = [
    ...CACHE_ORDER.filter((c) => caches.has(c)).map((c) => (e: CommandEnv) => refreshCache(e, c)),
    ...tasks,
  ];
  for (const task of followUps) {
    try {
      await task(env);
    } catch (err) {
      env.log.error({ err: mailFailure(err) }, 'a follow-up after a committed write failed');
    }
  }
  return result;
}
