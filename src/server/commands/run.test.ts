/** run(): one transaction per command, its mail a job in that transaction, and what runs once the write is durable. */
import type { FastifyInstance } from 'fastify';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, notifications, outbox } from '../db/schema/index.ts';
import { notify } from '../services/notifications.ts';
import { buildAdmin } from '../../../tests/factories/users.ts';
import { setupTestApp } from '../../../tests/setup/test-app.ts';
import { run, SYSTEM_ACTOR, type CommandContext, type CommandEnv } from './run.ts';

const t = setupTestApp();

let runs = 0;

/**
 * The app's own command env with every follow-up recorded in `events` as it happens: each cache cleared,
 * each mail sent (still delivered to the outbox table). A mail or the page refresh also records how many
 * rows of this run's write it can read through the app's database handle, outside the transaction.
 * `failing` names the follow-ups that throw instead; `logged` gathers what run() logs.
 */
function recordingEnv(app: FastifyInstance, marker: string, failing: readonly string[] = []) {
  const base = app.commandEnv();
  const events: string[] = [];
  const logged: string[] = [];
  const committedRows = async () => (await base.db.$count(contactMessages, eq(contactMessages.subject, marker))) > 0;
  const env: CommandEnv = {
    ...base,
    mailer: {
      ...base.mailer,
      close: () => {},
      async send(message) {
        events.push(`mail ${message.subject} (write visible: ${await committedRows()})`);
        if (failing.includes(message.subject)) throw new Error(`${message.subject} failed`);
        await base.mailer.send(message);
      },
    },
    campaigns: {
      mainAppeal: () => base.campaigns.mainAppeal(),
      invalidate() {
        events.push('progress cache cleared');
        base.campaigns.invalidate();
      },
    },
    ledgers: {
      invalidate() {
        events.push('ledger cache cleared');
        base.ledgers.invalidate();
      },
    },
    sitePages: {
      async refresh() {
        events.push(`pages rendered (write visible: ${await committedRows()})`);
        if (failing.includes('pages')) throw new Error('render failed');
      },
      forgetRecordPages() {
        events.push('record pages forgotten');
      },
    },
    log: { error: (_obj, msg) => logged.push(msg) },
  };
  return { env, events, logged };
}

/** A mail's promise in this test: its key names the run and the mail. */
const promise = (marker: string, name: string) => ({ key: `${marker}:${name}`, kind: 'contact-copy' as const });

/** The mail jobs waiting whose key names this run. */
async function jobsOf(app: FastifyInstance, marker: string): Promise<string[]> {
  const { rows } = await app.database.sql.executeSql(
    `select data->>'key' as key from pgboss.job where name = 'mail' and state = 'created' and data->>'key' like $1`,
    [`${marker}:%`],
  );
  return (rows as { key: string }[]).map((r) => r.key).sort();
}

/** A unique subject for this run's contact message, mails and notification event key. */
function nextMarker(name: string): string {
  return `run-test ${name} ${++runs}`;
}

/** Writes a contact message and a stored, important notification for `userId`; returns the message's id. */
async function writeRowAndNotification(ctx: CommandContext, marker: string, userId: string): Promise<string> {
  const [row] = await ctx.tx
    .insert(contactMessages)
    .values({ name: 'Ada', email: 'ada@example.com', subject: marker, message: 'Hello' })
    .returning({ id: contactMessages.id });
  const stored = await notify(ctx.tx, [
    { userId, type: 'admin_queue', title: `${marker} notice`, eventKey: marker, important: true },
  ]);
  ctx.afterCommit.mailNotifications(stored);
  return row!.id;
}

async function rowsNamed(app: FastifyInstance, marker: string) {
  const [messages, stored, mails] = await Promise.all([
    app.db.$count(contactMessages, eq(contactMessages.subject, marker)),
    app.db.$count(notifications, eq(notifications.eventKey, marker)),
    app.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(like(outbox.subject, `${marker}%`)),
  ]);
  return { messages, notifications: stored, mailSubjects: mails.map((m) => m.subject).sort() };
}

describe('run()', () => {
  it('rolls back a command that writes and then throws: no row, no notification, no mail sent, no cache cleared', async () => {
    const person = await buildAdmin(t.app.db, 'moderator');
    const marker = nextMarker('rollback');
    const { env, events, logged } = recordingEnv(t.app, marker);
    const failure = new Error('the command failed after writing');

    const attempt = run(env, SYSTEM_ACTOR, async (ctx) => {
      await writeRowAndNotification(ctx, marker, person.id);
      ctx.afterCommit.mail(promise(marker, 'mail'), {
        to: 'ada@example.com',
        subject: `${marker} mail`,
        text: 'Thanks',
      });
      ctx.afterCommit.refresh('progress', 'ledger', 'pages');
      throw failure;
    });

    await expect(attempt).rejects.toBe(failure);
    expect(events).toEqual([]);
    expect(logged).toEqual([]);
    expect(await rowsNamed(t.app, marker)).toEqual({ messages: 0, notifications: 0, mailSubjects: [] });
    expect(await jobsOf(t.app, marker)).toEqual([]);
  });

  it('runs the follow-ups once each after the commit: caches (record pages, progress, ledger, pages) first, then mail in queue order', async () => {
    const person = await buildAdmin(t.app.db, 'moderator');
    const marker = nextMarker('commit');
    const { env, events, logged } = recordingEnv(t.app, marker);
    const product = (await t.app.campaigns.mainAppeal()).content.product.name;

    const id = await run(env, SYSTEM_ACTOR, async (ctx) => {
      ctx.afterCommit.mail(promise(marker, 'first'), {
        to: 'ada@example.com',
        subject: `${marker} first`,
        text: 'One',
      });
      ctx.afterCommit.refresh('pages', 'progress');
      const written = await writeRowAndNotification(ctx, marker, person.id);
      // Asking twice for a cache clears it once.
      ctx.afterCommit.refresh('ledger', 'progress');
      ctx.afterCommit.mail(promise(marker, 'last'), (name) => ({
        to: 'ada@example.com',
        subject: `${marker} last from ${name}`,
        text: 'Two',
      }));
      events.push('command returned');
      return written;
    });

    expect(events).toEqual([
      'command returned',
      'record pages forgotten',
      'progress cache cleared',
      'ledger cache cleared',
      'pages rendered (write visible: true)',
      `mail ${marker} first (write visible: true)`,
      `mail ${marker} notice | ${product} (write visible: true)`,
      `mail ${marker} last from ${product} (write visible: true)`,
    ]);
    expect(logged).toEqual([]);
    expect(await t.app.db.$count(contactMessages, eq(contactMessages.id, id))).toBe(1);
    expect(await rowsNamed(t.app, marker)).toEqual({
      messages: 1,
      notifications: 1,
      mailSubjects: [`${marker} first`, `${marker} last from ${product}`, `${marker} notice | ${product}`],
    });
  });

  it('logs a failed follow-up, keeps the committed write, and still runs the follow-ups after it', async () => {
    const person = await buildAdmin(t.app.db, 'moderator');
    const marker = nextMarker('failure');
    const { env, events, logged } = recordingEnv(t.app, marker, ['pages', `${marker} first`]);

    const id = await run(env, SYSTEM_ACTOR, async (ctx) => {
      const written = await writeRowAndNotification(ctx, marker, person.id);
      ctx.afterCommit.refresh('pages');
      ctx.afterCommit.mail(promise(marker, 'first'), {
        to: 'ada@example.com',
        subject: `${marker} first`,
        text: 'One',
      });
      ctx.afterCommit.mail(promise(marker, 'second'), {
        to: 'ada@example.com',
        subject: `${marker} second`,
        text: 'Two',
      });
      return written;
    });

    const product = (await t.app.campaigns.mainAppeal()).content.product.name;
    expect(events).toEqual([
      'record pages forgotten',
      'pages rendered (write visible: true)',
      `mail ${marker} notice | ${product} (write visible: true)`,
      `mail ${marker} first (write visible: true)`,
      `mail ${marker} second (write visible: true)`,
    ]);
    expect(logged).toEqual(['a cache was not cleared after a write', 'mail not sent yet; its job tries again']);
    expect(await t.app.db.$count(contactMessages, eq(contactMessages.id, id))).toBe(1);
    expect(await rowsNamed(t.app, marker)).toEqual({
      messages: 1,
      notifications: 1,
      mailSubjects: [`${marker} notice | ${product}`, `${marker} second`],
    });
    // Each promised mail is a job: one sent at once leaves none behind; the one the mail server refused is
    // delivered by it, once, and the others are not sent again.
    expect(await jobsOf(t.app, marker)).toEqual([`${marker}:first`]);
    await t.app.jobs.drain(['mail'], { everything: true });
    expect((await rowsNamed(t.app, marker)).mailSubjects).toEqual([
      `${marker} first`,
      `${marker} notice | ${product}`,
      `${marker} second`,
    ]);
  });
});
