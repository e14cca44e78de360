/**
 * Issue 15's proof: HAProxy (deploy/haproxy.cfg) in front of two instances on PostgreSQL and Redis, under mixed
 * load (progress, intents, sign-ins, an admin recording donations), while one instance is killed, the other is
 * stopped and both are restarted, and then PostgreSQL restarts; and issue 35's: receipts sent exactly once while
 * the instance sending them is killed, and one housekeeping sweep at a time. Run by `npm run test:scale`.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { decideStory, setStoryAudience } from '../../src/server/commands/stories.ts';
import { run } from '../../src/server/commands/run.ts';
import { loadConfig } from '../../src/server/config.ts';
import { stories } from '../../src/server/db/schema/index.ts';
import { RECORD_PAGE_MAX_AGE_MS } from '../../src/server/plugins/site-pages.ts';
import { createJobQueue } from '../../src/server/services/job-queue.ts';
import type { Mailer } from '../../src/server/services/mail.ts';
import { scriptCommandEnv } from '../../scripts/script-database.ts';
import { buildStory } from '../factories/stories.ts';
import { buildAdmin, buildUser } from '../factories/users.ts';
import { STRONG_PASSWORD } from '../setup/accounts.ts';
import { stripeCheckoutCompleted, stripeDelivery } from '../setup/processor-events.ts';
import { startCluster, STRIPE_TEST_SECRET, waitFor, type Cluster } from './cluster.ts';
import { agentFrom, freshLoopbackAddress, repeat, sessionCookieOf, Traffic, type Exchange } from './traffic.ts';

let cluster: Cluster;
let database: Database;
let patients: { email: string }[];

beforeAll(async () => {
  cluster = await startCluster();
  database = await openDatabase({ url: cluster.postgres.url });
  patients = await Promise.all(
    [1, 2, 3, 4].map(() => buildUser(database.db, { emailVerifiedAt: new Date(), onboardingCompletedAt: new Date() })),
  );
});
afterAll(async () => {
  await database?.close();
  await cluster?.destroy();
});

const intent = (message: string, cents = 2500) => ({
  amount: cents / 100,
  paymentMethod: 'PayPal',
  message,
  timestamp: new Date().toISOString(),
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two instances behind HAProxy on PostgreSQL and Redis', () => {
  it('keeps a visitor signed in whichever instance answers, and a sign-out on one ends it on the other', async () => {
    const traffic = new Traffic(cluster.url);
    const [one, two] = cluster.instances;
    const signIn = await traffic.send('sign-in', 'POST', '/api/auth/login', {
      base: one!.url,
      body: { email: patients[0]!.email, password: STRONG_PASSWORD },
    });
    expect(signIn.status, signIn.body).toBe(200);
    const cookie = sessionCookieOf(signIn);
    expect((await traffic.send('session', 'GET', '/api/auth/user', { base: two!.url, cookie })).status).toBe(200);
    expect((await traffic.send('session', 'GET', '/api/auth/user', { cookie })).status).toBe(200);
    const signOut = await traffic.send('sign-out', 'POST', '/api/auth/logout', { base: two!.url, cookie, body: {} });
    expect(signOut.status).toBe(204);
    expect((await traffic.send('session', 'GET', '/api/auth/user', { base: one!.url, cookie })).status).toBe(401);
  });

  it("counts one address's intents at every instance together, taking the address the balancer forwards", async () => {
    const traffic = new Traffic(cluster.url);
    const visitor = freshLoopbackAddress();
    const statuses: (number | undefined)[] = [];
    for (const instance of cluster.instances) {
      for (let i = 0; i < 10; i++) {
        const res = await traffic.send('intent', 'POST', '/api/donation-intent', {
          base: instance.url,
          from: visitor,
          body: intent(`limit-${i}`),
        });
        statuses.push(res.status);
      }
    }
    // The route allows 20 a minute per address: the 21st is refused through the balancer and at each instance.
    expect(statuses).toEqual(Array(20).fill(201));
    const refused = [
      await traffic.send('intent', 'POST', '/api/donation-intent', { from: visitor, body: intent('limit-21') }),
      ...(await Promise.all(
        cluster.instances.map((instance) =>
          traffic.send('intent', 'POST', '/api/donation-intent', {
            base: instance.url,
            from: visitor,
            body: intent('limit-22'),
          }),
        ),
      )),
    ];
    expect(refused.map((res) => res.status)).toEqual([429, 429, 429]);
    // Another visitor, through the same balancer, is not held back.
    expect((await traffic.send('intent', 'POST', '/api/donation-intent', { body: intent('other') })).status).toBe(201);
  });

  it('loses and duplicates no acknowledged write while instances are killed and restarted and PostgreSQL restarts', async () => {
    const load = new Traffic(cluster.url);
    const run = randomBytes(4).toString('hex');
    const admin = await buildAdmin(database.db, 'manager', {}, cluster.sessionSecret);
    const adminAgent = agentFrom(freshLoopbackAddress());
    const adminSignIn = await load.send('admin', 'POST', '/api/auth/login', {
      agent: adminAgent,
      body: { email: admin.email, password: admin.password, code: admin.totpCode() },
    });
    expect(adminSignIn.status, adminSignIn.body).toBe(200);
    const adminCookie = sessionCookieOf(adminSignIn);
    const stepUp = { agent: adminAgent, cookie: adminCookie, body: { password: admin.password } };
    expect((await load.send('admin', 'POST', '/api/admin/elevate', stepUp)).status).toBe(200);
    const raised = async () =>
      (JSON.parse((await load.send('check', 'GET', '/api/fundraising/progress')).body) as { currentCents: number })
        .currentCents;
    const raisedBefore = await raised();

    // What the site acknowledged: intents by their message, donations by their payment reference, sessions.
    const acked = { intents: new Map<string, string>(), donations: new Map<string, number>(), cookies: [] as string[] };
    let running = true;
    const going = () => running;
    let intents = 0;
    let donations = 0;
    let signIns = 0;
    const loops = [
      ...[1, 2, 3].map(() => {
        const agent = agentFrom(freshLoopbackAddress());
        return repeat(going, 10, async () => {
          await load.send('progress', 'GET', '/api/fundraising/progress', { agent });
        });
      }),
      ...[1, 2].map(() =>
        repeat(going, 20, async () => {
          const message = `scale-${run}-intent-${++intents}`;
          const res = await load.send('intent', 'POST', '/api/donation-intent', {
            body: intent(message, 500 + intents),
          });
          if (res.status === 201) acked.intents.set(message, (JSON.parse(res.body) as { id: string }).id);
        }),
      ),
      repeat(going, 100, async () => {
        const email = patients[++signIns % patients.length]!.email;
        const res = await load.send('sign-in', 'POST', '/api/auth/login', {
          body: { email, password: STRONG_PASSWORD },
        });
        if (res.status !== 200) return;
        const cookie = sessionCookieOf(res);
        acked.cookies.push(cookie);
        await load.send('session', 'GET', '/api/auth/user', { cookie });
      }),
      // The admin sends a donation she could not record again, with the same payment
      // reference until the site answers; a 409 on a retry means an earlier try was recorded.
      repeat(going, 50, async () => {
        const reference = `scale-${run}-${++donations}`;
        const cents = 1000 + donations;
        const body = { amount: cents / 100, paymentMethod: 'PayPal', externalReference: reference };
        for (let attempt = 1; ; attempt++) {
          const kind = attempt === 1 ? 'donation' : 'donation retry';
          const res = await load.send(kind, 'POST', '/api/admin/add-donation', { ...stepUp, body });
          if (res.status === 201 || (attempt > 1 && res.status === 409)) {
            acked.donations.set(reference, cents);
            return;
          }
          if (res.status !== undefined && res.status < 500) return;
          await pause(250);
        }
      }),
    ];

    const at: Record<string, number> = {};
    const startedAt = Date.now();
    await waitFor('the load to get going', async () => acked.donations.size >= 20 && acked.intents.size >= 100);

    // One instance dies at once; the balancer takes it out; it comes back on the same address.
    at.killed = Date.now();
    cluster.instances[0]!.child.kill('SIGKILL');
    await cluster.instances[0]!.exited;
    at.dead = Date.now();
    await cluster.balancerSees('ready', 0, 'DOWN');
    await cluster.restart(0);
    await cluster.balancerSees('ready', 0, 'UP');

    // The other is stopped as a process manager would: it drains, exits 0, and comes back.
    const stopping = cluster.instances[1]!;
    stopping.child.kill('SIGTERM');
    await cluster.balancerSees('ready', 1, 'DOWN');
    expect(await stopping.exited).toEqual({ code: 0, signal: null });
    await cluster.restart(1);
    await cluster.balancerSees('ready', 1, 'UP');

    // PostgreSQL restarts: no instance is ready, so the balancer sends visitors to the live ones.
    at.databaseStopping = Date.now();
    await cluster.postgres.stop();
    await cluster.balancerSees('ready', 0, 'DOWN');
    await cluster.balancerSees('ready', 1, 'DOWN');
    const bothOut = Date.now();
    await waitFor('progress and a clear 503 while no instance is ready', async () =>
      ['progress', 'intent'].every((kind) =>
        load.log.some((e) => e.kind === kind && e.start > bothOut && e.status === (kind === 'progress' ? 200 : 503)),
      ),
    );
    await cluster.postgres.start();
    await cluster.balancerSees('ready', 0, 'UP');
    await cluster.balancerSees('ready', 1, 'UP');
    at.databaseBack = Date.now();
    await waitFor('intents and donations to be recorded again', async () =>
      ['intent', 'donation'].every((kind) =>
        load.log.some((e) => e.kind === kind && e.start > at.databaseBack! && e.status === 201),
      ),
    );
    running = false;
    await Promise.all(loops);

    // Every answer was a success, except: a write already at the killed instance (the balancer's 502, as it
    // may have been recorded or not, and is not retried), and 503 with Retry-After while the database was down.
    const allowed = (e: Exchange) => {
      if (e.kind === 'progress') return e.status === 200;
      if (e.status !== undefined && e.status < 300) return true;
      if (e.kind === 'donation retry' && e.status === 409) return true;
      const during = (from: number, to: number) => e.start <= to && e.end >= from;
      if (e.status === 503 && e.headers['retry-after'] && during(at.databaseStopping!, at.databaseBack!)) return true;
      return e.method !== 'GET' && (e.status === 502 || e.error !== undefined) && during(at.killed!, at.dead!);
    };
    const surprises = load.log
      .filter((e) => !allowed(e))
      .map((e) => `${e.kind} ${e.method} ${e.path} at +${e.start - startedAt} ms: ${e.status ?? e.error} ${e.body}`);
    expect(surprises).toEqual([]);

    const storedIntents = await database.db.execute<{ message: string; id: string; copies: number }>(
      sql`select message, min(id::text) as id, count(*)::int as copies from donation_intents
          where message like ${`scale-${run}-%`} group by message`,
    );
    expect(storedIntents.rows.filter((row) => row.copies > 1)).toEqual([]);
    const intentIds = new Map(storedIntents.rows.map((row) => [row.message, row.id]));
    expect([...acked.intents].filter(([message, id]) => intentIds.get(message) !== id)).toEqual([]);

    const storedDonations = await database.db.execute<{ reference: string; cents: number; copies: number }>(
      sql`select external_reference as reference, min(amount_cents)::int as cents, count(*)::int as copies
          from donations where external_reference like ${`scale-${run}-%`} group by external_reference`,
    );
    expect(storedDonations.rows.filter((row) => row.copies > 1)).toEqual([]);
    const donationCents = new Map(storedDonations.rows.map((row) => [row.reference, row.cents]));
    expect([...acked.donations].filter(([reference, cents]) => donationCents.get(reference) !== cents)).toEqual([]);

    // The progress card counts every recorded donation once.
    const recordedCents = [...donationCents.values()].reduce((sum, cents) => sum + cents, 0);
    await expect.poll(raised, { timeout: 10_000 }).toBe(raisedBefore + recordedCents);

    // Every session the site handed out still works, on whichever instance answers.
    const sessions = await Promise.all(
      acked.cookies.map((cookie) => load.send('check', 'GET', '/api/auth/user', { cookie })),
    );
    expect(sessions.filter((res) => res.status !== 200).length).toBe(0);

    const count = (test: (e: Exchange) => boolean) => load.log.filter(test).length;
    console.log(
      `scale: ${load.log.length} requests in ${Math.round((Date.now() - startedAt) / 1000)} s; acknowledged ` +
        `${acked.intents.size} intents, ${acked.donations.size} donations, ${acked.cookies.length} sign-ins; ` +
        `${count((e) => e.status === 502 || e.error !== undefined)} writes cut off by the kill; ` +
        `${count((e) => e.status === 503)} answers of 503 while the database was down`,
    );
  });
});

/** The idempotency key a delivered mail carries (services/mail-delivery.ts). */
const deliveryKey = (raw: string) => /^X-Healing-Circle-Delivery: (.+?)\r?$/im.exec(raw)?.[1];

describe('mail while instances die', () => {
  it('sends every receipt of a batch exactly once when the instance sending it is killed -9', async () => {
    const traffic = new Traffic(cluster.url);
    const run = randomBytes(4).toString('hex');
    const [first] = cluster.instances;
    const [firstMail, secondMail] = cluster.mailServers;
    const admin = await buildAdmin(database.db, 'manager', {}, cluster.sessionSecret);
    const address = freshLoopbackAddress();
    const signIn = await traffic.send('admin', 'POST', '/api/auth/login', {
      base: first!.url,
      from: address,
      body: { email: admin.email, password: admin.password, code: admin.totpCode() },
    });
    expect(signIn.status, signIn.body).toBe(200);
    const asAdmin = { base: first!.url, from: address, cookie: sessionCookieOf(signIn) };
    const stepUp = await traffic.send('admin', 'POST', '/api/admin/elevate', {
      ...asAdmin,
      body: { password: admin.password },
    });
    expect(stepUp.status).toBe(200);

    // Gifts recorded at the first instance, three at a time, each promising its donor a receipt.
    let recording = true;
    let gifts = 0;
    const recorders = [1, 2, 3].map(async () => {
      while (recording) {
        const n = ++gifts;
        await traffic.send('donation', 'POST', '/api/admin/add-donation', {
          ...asAdmin,
          body: {
            amount: 10 + n,
            paymentMethod: 'PayPal',
            externalReference: `receipts-${run}-${n}`,
            donorName: `Donor ${n}`,
            donorEmail: `donor-${run}-${n}@example.org`,
          },
        });
      }
    });
    const receiptsTaken = () =>
      [firstMail!, secondMail!].flatMap((server) => server.messages.map((m) => deliveryKey(m.raw)!));
    await waitFor('receipts to go out', async () => firstMail!.messages.length >= 15);

    // The first instance's mail server stops answering; once the first instance is mid-send (and has marked
    // sent every mail the server did take), it is killed.
    firstMail!.hanging = true;
    const sentBefore = async () => {
      const keys = firstMail!.messages.map((m) => deliveryKey(m.raw)!);
      const marked = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from mail_deliveries where sent_at is not null and key in ${keys}`,
      );
      return marked.rows[0]!.n === keys.length;
    };
    await waitFor(
      'the first instance to be sending a receipt',
      async () => firstMail!.unanswered > 0 && (await sentBefore()),
    );
    first!.child.kill('SIGKILL');
    await first!.exited;
    recording = false;
    await Promise.all(recorders);
    firstMail!.hanging = false;
    await cluster.restart(0);

    // Every gift stored has its receipt, sent once, whichever instance sent it; no mail job is left waiting.
    const stored = await database.db.execute<{ id: string }>(
      sql`select id::text from donations where external_reference like ${`receipts-${run}-%`}`,
    );
    const expected = stored.rows.map((row) => `receipt:${row.id}`).sort();
    const settled = async () => {
      const waiting = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name in ('mail', 'mail-hourly')
            and state in ('created', 'retry', 'active')`,
      );
      const taken = new Set(receiptsTaken());
      return waiting.rows[0]!.n === 0 && expected.every((key) => taken.has(key));
    };
    await waitFor('every receipt to be sent', settled, 120_000);
    const sent = receiptsTaken().filter((key) => key.startsWith('receipt:'));
    expect(sent.filter((key, i) => sent.indexOf(key) !== i)).toEqual([]);
    expect([...new Set(sent)].filter((key) => expected.includes(key)).sort()).toEqual(expected);
    console.log(
      `scale: ${expected.length} gifts recorded; receipts sent by the first instance ${firstMail!.messages.length}, ` +
        `by the second ${secondMail!.messages.length}; ${firstMail!.unanswered} cut off by the kill or a timeout`,
    );
  });
});

describe('scheduled sweeps on two instances', () => {
  it('runs one housekeeping sweep at a time: a second waits while the first is held up', async () => {
    const since = new Date();
    const queue = createJobQueue(database.sql, { workers: false, mailLeaseSeconds: 8, log: console });
    // The test holds the sessions table, so the first sweep (its first statement deletes ended sessions) waits.
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table sessions in share mode`);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    // Two ticks due at once, as when a deployment restarts both instances across the hour.
    await queue.send('housekeeping', {});
    await queue.send('housekeeping', {});
    const sweeps = async () =>
      (
        await database.db.execute<{ state: string; started: Date | null; completed: Date | null }>(
          sql`select state, started_on as started, completed_on as completed from pgboss.job
              where name = 'housekeeping' and created_on >= ${since} order by started_on nulls last`,
        )
      ).rows;
    await waitFor('a sweep to wait for the sessions table', async () => {
      const waiting = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query ilike 'delete from "sessions"%'`,
      );
      return waiting.rows[0]!.n > 0;
    });
    // No event says "the other instance looked and left it": watch for three of its polls (2 s each).
    let mostAtOnce = 0;
    const watchUntil = Date.now() + 6000;
    while (Date.now() < watchUntil) {
      mostAtOnce = Math.max(mostAtOnce, (await sweeps()).filter((job) => job.state === 'active').length);
      await pause(200);
    }
    release();
    await holding;
    await waitFor('both sweeps to finish', async () => {
      const jobs = await sweeps();
      return jobs.length >= 2 && jobs.every((job) => job.state === 'completed');
    });
    expect(mostAtOnce).toBe(1);
    const jobs = await sweeps();
    for (let i = 1; i < jobs.length; i++)
      expect(new Date(jobs[i]!.started!).getTime()).toBeGreaterThanOrEqual(new Date(jobs[i - 1]!.completed!).getTime());
  });
});

describe('caches on two instances', () => {
  it("takes a hidden story's page down at the other instance at once, not when its kept copy runs out", async () => {
    const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: cluster.sessionSecret, LOG_LEVEL: 'silent' });
    // The author's notice is not what this test reads.
    const mailer: Mailer = { kind: 'outbox', longestSendMs: 60_000, send: async () => {}, close: () => {} };
    const env = scriptCommandEnv(database, config, mailer);
    const moderator = await buildAdmin(database.db, 'moderator', {}, cluster.sessionSecret);
    const actor = { id: moderator.id, ip: null };
    const viewer = { id: moderator.id, role: 'admin' as const, adminLevel: 'moderator' as const };
    const title = `A story kept at two instances ${randomBytes(4).toString('hex')}`;
    const story = await buildStory(database.db, { title, publishConsent: true });
    await run(env, actor, decideStory, viewer, story.id, 'approve', { version: story.version, reason: null });

    // The second instance renders the page and keeps it (RECORD_PAGE_MAX_AGE_MS, a minute).
    const other = cluster.instances[1]!.url;
    const page = async () => (await fetch(`${other}/stories/${story.id}`)).text();
    await expect.poll(page).toContain(title);

    // Hidden through the write path (not through either instance): both hear of it when it commits.
    const [read] = await database.db.select({ version: stories.version }).from(stories).where(eq(stories.id, story.id));
    await run(env, actor, decideStory, viewer, story.id, 'hide', {
      version: read!.version,
      reason: 'Shared a doctor’s home address',
    });
    await expect.poll(page, { timeout: RECORD_PAGE_MAX_AGE_MS / 4 }).not.toContain(title);
  });

  it("shows only a story's preview at the other instance at once when its author makes it members-only", async () => {
    const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: cluster.sessionSecret, LOG_LEVEL: 'silent' });
    const mailer: Mailer = { kind: 'outbox', longestSendMs: 60_000, send: async () => {}, close: () => {} };
    const env = scriptCommandEnv(database, config, mailer);
    const moderator = await buildAdmin(database.db, 'moderator', {}, cluster.sessionSecret);
    const viewer = { id: moderator.id, role: 'admin' as const, adminLevel: 'moderator' as const };
    const marker = `past-the-preview-${randomBytes(4).toString('hex')}`;
    const body = `${'What anyone may read of my story first. '.repeat(8)}${marker}`;
    const story = await buildStory(database.db, { body, publishConsent: true, audience: 'public' });
    await run(env, { id: moderator.id, ip: null }, decideStory, viewer, story.id, 'approve', {
      version: story.version,
      reason: null,
    });

    const other = cluster.instances[1]!.url;
    const page = async () => (await fetch(`${other}/stories/${story.id}`)).text();
    await expect.poll(page).toContain(marker);

    // Through the write path, as its author: both instances hear of it when it commits.
    const author = { id: story.authorId, role: 'patient' as const, adminLevel: null };
    await run(env, { id: story.authorId, ip: null }, setStoryAudience, author, story.id, 'members');
    await expect.poll(page, { timeout: RECORD_PAGE_MAX_AGE_MS / 4 }).not.toContain(marker);
    expect(await page()).toContain('What anyone may read of my story first.');
  });
});

describe('a processor’s event on two instances', () => {
  it('records one gift and sends one receipt when the same event reaches both instances at once, 20 times', async () => {
    const [first, second] = cluster.instances.map((instance) => instance.url);
    const donor = `stripe-donor-${randomBytes(4).toString('hex')}@example.org`;
    const res = await fetch(`${cluster.url}/api/donation-intent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...intent('By card'), donorEmail: donor }),
    });
    const { id, reference } = (await res.json()) as { id: string; reference: string };
    const progressAt = async (url: string) =>
      ((await (await fetch(`${url}/api/fundraising/progress`)).json()) as { currentCents: number }).currentCents;
    const before = await progressAt(second!);

    const signed = stripeDelivery(stripeCheckoutCompleted({ reference, amountCents: 4200 }), STRIPE_TEST_SECRET);
    const deliver = (url: string) =>
      fetch(`${url}/api/webhooks/stripe`, {
        method: 'POST',
        headers: signed.headers,
        body: new Uint8Array(signed.body),
      });
    const answers = await Promise.all(Array.from({ length: 20 }, () => [deliver(first!), deliver(second!)]).flat());
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));

    const gifts = await database.db.execute(sql`select id from donations where intent_id = ${id}`);
    expect(gifts.rows).toHaveLength(1);
    // Progress moved at the other instance within two seconds of the commit, whichever instance recorded it.
    await expect.poll(() => progressAt(second!), { timeout: 2000 }).toBe(before + 4200);
    const receipts = () => cluster.mailServers.flatMap((server) => server.messages).filter((m) => m.to.includes(donor));
    await waitFor('the receipt to be sent', async () => receipts().length > 0);
    const waitingMail = await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')`,
    );
    expect(waitingMail.rows[0]).toEqual({ n: 0 });
    expect(receipts()).toHaveLength(1);
  });
});

describe('a care plan on two instances', () => {
  it('gives the two places of a date to two of ten helpers claiming it at once across both instances', async () => {
    const traffic = new Traffic(cluster.url);
    const [one, two] = cluster.instances.map((instance) => instance.url);
    const signIn = async (email: string) =>
      sessionCookieOf(
        await traffic.send('sign-in', 'POST', '/api/auth/login', { body: { email, password: STRONG_PASSWORD } }),
      );
    const patient = await buildUser(database.db, { emailVerifiedAt: new Date(), onboardingCompletedAt: new Date() });
    const patientCookie = await signIn(patient.email);
    const day = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const settings = { timeZone: 'UTC', audience: 'members', unclaimCutoffHours: 24 };
    expect(
      (await traffic.send('plan', 'PUT', '/api/my/care-plan', { cookie: patientCookie, body: settings })).status,
    ).toBe(200);
    const request = { category: 'meal', title: 'Dinner', startsOn: day, startTime: '18:00', helpersNeeded: 2 };
    const added = await traffic.send('plan', 'POST', '/api/my/care-plan/requests', {
      cookie: patientCookie,
      body: request,
    });
    const { plan } = JSON.parse(added.body) as { plan: { id: string; requests: { id: string }[] } };

    const helpers = await Promise.all(
      Array.from({ length: 10 }, () => buildUser(database.db, { role: 'donor', emailVerifiedAt: new Date() })),
    );
    const cookies = await Promise.all(helpers.map((h) => signIn(h.email)));
    const path = `/api/care-plans/${plan.id}/requests/${plan.requests[0]!.id}/days/${day}/claim`;
    const answers = await Promise.all(
      cookies.map((cookie, i) => traffic.send('claim', 'POST', path, { base: i % 2 ? one! : two!, cookie, body: {} })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, ...Array(8).fill(409)]);
    const standing = await database.db.execute(
      sql`select count(*)::int as n from care_claims where request_id = ${plan.requests[0]!.id} and unclaimed_at is null`,
    );
    expect(standing.rows[0]).toEqual({ n: 2 });
  });
});
