/**
 * While PostgreSQL is down (issue 15): API calls get 503 with Retry-After and a clear message, writes are refused
 * whole, /readyz is 503 and /healthz 200, progress keeps its last totals with their age, and the server recovers
 * by itself when the database is back. On a scratch PostgreSQL server this test stops and starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count, sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { donationIntents } from './db/schema/index.ts';
import { seedCampaign } from './db/seed.ts';
import { DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS } from './plugins/errors.ts';
import { TEST_ALTCHA_DIFFICULTY } from './services/altcha.ts';
import { isDatabaseUnavailable } from './services/db-errors.ts';
import { buildDonation } from '../../tests/factories/donations.ts';
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

    for (const res of [
      await app.inject('/api/campaign'),
      await postJson(app, '/api/donation-intent', intent()),
      await postJson(app, '/api/auth/login', { email: 'someone@example.com', password: 'Lilac-Harbour-42' }),
    ]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE, code: 'UNAVAILABLE' });
    }
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
    const campaign = await app.campaigns.current();
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
});
