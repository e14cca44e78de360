/**
 * The account-limit counters on Redis (REDIS_URL), and the app counting sign-ins there. The `redis` test
 * project runs this file only when REDIS_URL is set; .ci/run sets it to the machine's Redis.
 */
import { describe, expect, it } from 'vitest';
import { injectFrom, statusesOf } from '../../../tests/setup/test-app.ts';
import { signUp, STRONG_PASSWORD } from '../../../tests/setup/accounts.ts';
import { behavesAsAccountLimits } from '../../../tests/setup/counter-store-contract.ts';
import { setupRedisApp } from '../../../tests/setup/redis.ts';
import { FAILED_SIGN_INS, redisCounters } from './account-limits.ts';

describe('on Redis (REDIS_URL)', () => {
  const { redis, t } = setupRedisApp();
  behavesAsAccountLimits((clock) => redisCounters(redis(), clock));

  it('the app counts wrong passwords per account in Redis: the right one from a new address gets 429 after 10', async () => {
    const { person } = await signUp(t().app);
    const tryPassword = (password: string) =>
      injectFrom(t().app, { url: '/api/auth/login', body: { email: person.email, password } });
    expect(await statusesOf(FAILED_SIGN_INS.max, () => tryPassword('Wrong-Guess-1234'))).toEqual(
      Array<number>(FAILED_SIGN_INS.max).fill(401),
    );
    const locked = await tryPassword(STRONG_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
  });

  it('a right password gives its try back in Redis: 12 sign-ins in a row succeed, then 10 wrong ones are still 401', async () => {
    const { person } = await signUp(t().app);
    const tryPassword = (password: string) =>
      injectFrom(t().app, { url: '/api/auth/login', body: { email: person.email, password } });
    expect(await statusesOf(FAILED_SIGN_INS.max + 2, () => tryPassword(STRONG_PASSWORD))).toEqual(
      Array<number>(FAILED_SIGN_INS.max + 2).fill(200),
    );
    expect(await statusesOf(FAILED_SIGN_INS.max, () => tryPassword('Wrong-Guess-1234'))).toEqual(
      Array<number>(FAILED_SIGN_INS.max).fill(401),
    );
  });
});
