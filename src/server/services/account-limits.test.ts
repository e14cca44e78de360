/**
 * The account-limit counters behave the same on both stores every instance can share: the database
 * (always tested) and Redis (tested when REDIS_URL is set, e.g. REDIS_URL=redis://127.0.0.1:6379).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database.ts';
import { createTestApp, SITE_ORIGIN, type TestApp } from '../../../tests/setup/test-app.ts';
import { signUp, STRONG_PASSWORD } from '../../../tests/setup/accounts.ts';
import { createAccountLimits, databaseCounters, FAILED_SIGN_INS, redisCounters, type AccountLimit, type CounterStore } from './account-limits.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const THREE_A_MINUTE: AccountLimit = { name: 'test', max: 3, windowMs: 60_000 };

/** Collects the headers a refusal sets. */
const replyStub = () => {
  const headers: Record<string, string> = {};
  return { headers, header: (name: string, value: string) => (headers[name] = value) };
};

function behavesAsAccountLimits(store: () => CounterStore) {
  it('counts per subject, case-insensitively, and refuses with 429 and Retry-After once the limit is used up', async () => {
    const limits = createAccountLimits(store(), SECRET);
    const subject = `Someone.${randomUUID()}@Example.com`;
    const hits = [];
    for (let i = 0; i < THREE_A_MINUTE.max; i++) hits.push(await limits.hit(THREE_A_MINUTE, i % 2 ? subject : subject.toLowerCase()));
    expect(hits.map((h) => [h.count, h.reached])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    const reply = replyStub();
    await expect(limits.assertOpen(THREE_A_MINUTE, subject, reply)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(reply.headers['retry-after'])).toBeLessThanOrEqual(60);
    await expect(limits.assertOpen(THREE_A_MINUTE, `other.${subject}`, replyStub())).resolves.toBeUndefined();
  });

  it('take() allows exactly max uses in a window', async () => {
    const limits = createAccountLimits(store(), SECRET);
    const subject = randomUUID();
    for (let i = 0; i < THREE_A_MINUTE.max; i++) await limits.take(THREE_A_MINUTE, subject, replyStub());
    await expect(limits.take(THREE_A_MINUTE, subject, replyStub())).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('starts a new window once the old one has run out', async () => {
    const limits = createAccountLimits(store(), SECRET);
    const brief: AccountLimit = { name: 'brief', max: 1, windowMs: 50 };
    const subject = randomUUID();
    expect((await limits.hit(brief, subject)).count).toBe(1);
    await expect.poll(async () => (await limits.hit(brief, subject)).count, { interval: 60 }).toBe(1);
  });
}

describe('on the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());
  behavesAsAccountLimits(() => databaseCounters(database.db));
});

describe.runIf(process.env.REDIS_URL)('on Redis (REDIS_URL)', () => {
  let redis: Redis;
  let t: TestApp;
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    t = await createTestApp({ env: { REDIS_URL: process.env.REDIS_URL! } });
  });
  afterAll(async () => {
    redis.disconnect();
    await t.close();
  });
  behavesAsAccountLimits(() => redisCounters(redis));

  it('the app counts wrong passwords per account in Redis: the right one from a new address gets 429 after 10', async () => {
    const { person } = await signUp(t.app);
    const tryPassword = (password: string, i: number) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: `10.77.0.${i}`, payload: { email: person.email, password }, headers: { origin: SITE_ORIGIN } });
    for (let i = 0; i < FAILED_SIGN_INS.max; i++) expect((await tryPassword('Wrong-Guess-1234', i)).statusCode).toBe(401);
    const locked = await tryPassword(STRONG_PASSWORD, 200);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
  });
});
