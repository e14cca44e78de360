/**
 * While PostgreSQL is down (issue 15): API calls get 503 with Retry-After and a clear message, writes are refused
 * whole, /readyz is 503 and /healthz 200, progress keeps its last totals with their age, and the server recovers
 * by itself when the database is back. On a scratch PostgreSQL server this test stops and starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { campaigns, donationIntents } from './db/schema/index.ts';
import { seedCampaign } from './db/seed.ts';
import { DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS } from './plugins/errors.ts';
import { TEST_ALTCHA_DIFFICULTY } from './services/altcha.ts';
import { databaseError, isDatabaseUnavailable } from './services/db-errors.ts';
import { buildDonation, MAIN_APPEAL_API } from '../../tests/factories/donations.ts';
import { startScratchPostgres, type ScratchPostgres } from '../../tests/setup/scratch-postgres.ts';
import { postJson } from '../../tests/setup/test-app.ts';

let server: ScratchPostgres;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  server = await startScratchPostgres();
  database = await openDatabase({ url: server.url });
  await database.migrate();
  await seedCampaign(database.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  app = await buildApp({ config, database, clientDir: false, altchaDifficulty: TEST_ALTCHA_DIFFICULTY });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await server?.destroy();
});

const intent = () => ({ amount: 25, paymentMethod: 'PayPal', timestamp: new Date().toISOString() });
function expectUnavailable(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE, code: 'UNAVAILABLE' });
}

const intentCount = async () => (await database.db.select({ n: count() }).from(donationIntents))[0]!.n;

describe('a database outage', () => {
  it('is answered with 503 and Retry-After, keeps the last progress with its age, and passes by itself', async () => {
    await buildDonation(database.db, { amountCents: 12_345 });
    expect((await postJson(app, '/api/donation-intent', intent())).statusCode).toBe(201);
    const before = (await app.inject('/api/fundraising/progress')).json();
    expect(before).toMatchObject({ currentCents: 12_345, donorCount: 1 });
    expect(before.asOf).toBeUndefined();

    await server.stop();
    // As when the one-second caches run out.
    app.campaigns.invalidate();

    const progress = await app.inject('/api/fundraising/progress');
    expect(progress.statusCode).toBe(200);
    const stale = progress.json();
    expect(stale).toMatchObject({ currentCents: 12_345, donorCount: 1, ageSeconds: expect.any(Number) });
    expect(Date.parse(stale.asOf)).toBeLessThanOrEqual(Date.now());

    expect((await app.inject('/api/campaign')).statusCode).toBe(200);
    for (const res of [
      await app.inject('/api/doctors'),
      await postJson(app, '/api/donation-intent', intent()),
      await postJson(app, '/api/auth/login', { email: 'someone@example.com', password: 'Lilac-Harbour-42' }),
    ])
      expectUnavailable(res);
    expect((await app.inject('/readyz')).statusCode).toBe(503);
    expect((await app.inject('/healthz')).statusCode).toBe(200);

    await server.start();
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    expect((await postJson(app, '/api/donation-intent', intent())).statusCode).toBe(201);
    // The intent refused during the outage left nothing behind: one before, one after.
    expect(await intentCount()).toBe(2);
    app.campaigns.invalidate();
    expect((await app.inject('/api/fundraising/progress')).json().asOf).toBeUndefined();
  }, 60_000);

  it('answers progress from its last totals even when it started just before the outage and served nobody', async () => {
    const started = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database,
      clientDir: false,
      altchaDifficulty: TEST_ALTCHA_DIFFICULTY,
    });
    await started.ready();
    try {
      await server.stop();
      started.campaigns.invalidate();
      const progress = await started.inject('/api/fundraising/progress');
      expect(progress.statusCode, progress.body).toBe(200);
      expect(progress.json()).toMatchObject({ ageSeconds: expect.any(Number) });
    } finally {
      await server.start();
      await started.close();
    }
  }, 60_000);

  it('refuses whole a transaction whose connection a restart cut between its queries, and the process lives on', async () => {
    const campaign = await app.campaigns.mainAppeal();
    const before = await intentCount();
    const write = database.db.transaction(async (tx) => {
      await tx.insert(donationIntents).values({
        campaignId: campaign.id,
        amountCents: 2500,
        paymentMethod: 'PayPal',
        clientTimestamp: new Date(),
      });
      // The server ends this session while the transaction holds it between two queries.
      await server.stop();
      await tx.execute(sql`select 1`);
    });
    await expect(write).rejects.toSatisfy(isDatabaseUnavailable);
    await server.start();
    expect(await intentCount()).toBe(before);
    expect((await postJson(app, '/api/donation-intent', intent())).statusCode).toBe(201);
  }, 60_000);

  it('hears change notices again once the database is back, after saying some may have been missed', async () => {
    const heard: string[] = [];
    let gaps = 0;
    const stop = await database.listen(
      'outage_test',
      (payload) => heard.push(payload),
      () => gaps++,
    );
    const notify = (payload: string) => database.db.execute(sql`select pg_notify('outage_test', ${payload})`);
    await notify('before');
    await expect.poll(() => heard).toEqual(['before']);

    await server.stop();
    await server.start();
    await expect.poll(() => gaps, { timeout: 15_000 }).toBe(1);
    // The pool's first query after the restart may meet a session the restart cut.
    await expect
      .poll(async () => {
        await notify('after').catch(() => {});
        return heard.includes('after');
      })
      .toBe(true);
    expect(gaps).toBe(1);
    await stop();
  });
});

/** The app's pool holds at most this many sessions (db/client.ts). */
const POOL_SIZE = 10;

/** A session on the scratch server's other database, from which the app's database can be closed to connections. */
async function maintenanceSession(): Promise<pg.Client> {
  const url = new URL(server.url);
  url.pathname = '/template1';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

describe('a database that refuses connections during maintenance (SQLSTATE 55000)', () => {
  it('answers writes and unread lists 503 with Retry-After, and public figures from what they last read', async () => {
    const [fundraiser] = await database.db
      .insert(campaigns)
      .values({ slug: `closed-${Date.now()}`, goalCents: 500_000 })
      .returning({ id: campaigns.id, slug: campaigns.slug });
    await buildDonation(database.db, { campaignId: fundraiser!.id, amountCents: 4_200 });
    // What visitors of the site and of the fundraiser read before the maintenance.
    const publicReads = [
      '/api/campaign',
      `${MAIN_APPEAL_API}/supporters`,
      `/api/campaigns/${fundraiser!.slug}/supporters`,
      `/api/campaigns/${fundraiser!.slug}/ledger`,
    ];
    const before = new Map<string, unknown>();
    for (const url of publicReads) before.set(url, (await app.inject(url)).json());
    const mainBefore = (await app.inject('/api/fundraising/progress')).json();
    const fundraiserBefore = (await app.inject(`/api/campaigns/${fundraiser!.slug}/progress`)).json();
    expect(fundraiserBefore).toMatchObject({ currentCents: 4_200, donorCount: 1 });

    const maintenance = await maintenanceSession();
    try {
      // What an operator does before maintenance: no new sessions, and the open ones ended.
      await maintenance.query('alter database postgres allow_connections false');
      await maintenance.query(
        "select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = 'postgres'",
      );
      app.campaigns.invalidate();
      // The pool's ended sessions each fail once (57P01) and are dropped; then every new session is refused.
      let refused: unknown;
      for (let tries = 0; tries <= POOL_SIZE && databaseError(refused).code !== '55000'; tries++)
        refused = await database.db.execute(sql`select 1`).catch((err: unknown) => err);
      expect(databaseError(refused).code).toBe('55000');

      for (const res of [
        await app.inject('/api/doctors'),
        await postJson(app, '/api/donation-intent', intent()),
        await postJson(app, '/api/auth/login', { email: 'someone@example.com', password: 'Lilac-Harbour-42' }),
      ])
        expectUnavailable(res);
      for (const url of publicReads) {
        const res = await app.inject(url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        expect(res.json(), url).toEqual(before.get(url));
      }
      const mainAppeal = await app.inject('/api/fundraising/progress');
      expect(mainAppeal.statusCode, mainAppeal.body).toBe(200);
      expect(mainAppeal.json()).toMatchObject({
        currentCents: mainBefore.currentCents,
        ageSeconds: expect.any(Number),
      });
      const own = await app.inject(`/api/campaigns/${fundraiser!.slug}/progress`);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toMatchObject({ currentCents: 4_200, donorCount: 1, ageSeconds: expect.any(Number) });
      expect((await app.inject('/readyz')).statusCode).toBe(503);
    } finally {
      await maintenance.query('alter database postgres allow_connections true');
      await maintenance.end();
    }
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    expect((await postJson(app, '/api/donation-intent', intent())).statusCode).toBe(201);
    app.campaigns.invalidate();
    expect((await app.inject(`/api/campaigns/${fundraiser!.slug}/progress`)).json().asOf).toBeUndefined();
  }, 60_000);
});
