/**
 * The per-address limit on sign-in with REDIS_URL: @fastify/rate-limit then counts in Redis (its own store, timed by
 * Redis), not in the rate_limits table. Sessions have no Redis store: they live in the database either way. The
 * `redis` test project runs this file only when REDIS_URL is set; .ci/run sets it to the machine's Redis.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { behavesAsSignInLimit, SIGN_IN_PER_ADDRESS } from '../../../../tests/setup/sign-in-limit-contract.ts';
import { rateLimits } from '../../db/schema/index.ts';

describe('the per-address limit on sign-in, counted in Redis (REDIS_URL)', () => {
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

  behavesAsSignInLimit({
    app: () => t.app,
    async endWindow(address) {
      // The plugin's key: its namespace, the route, then the address.
      const key = `fastify-rate-limit-POST/api/auth/login-${address}`;
      expect(Number(await redis.get(key))).toBeGreaterThan(SIGN_IN_PER_ADDRESS.max);
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(SIGN_IN_PER_ADDRESS.windowMs);
      expect(
        await t.database.db
          .select()
          .from(rateLimits)
          .where(eq(rateLimits.key, `rl:POST/api/auth/login:${address}`)),
      ).toEqual([]);
      // The window ending is Redis expiring the key.
      await redis.pexpire(key, 1);
      await expect.poll(() => redis.exists(key)).toBe(0);
    },
  });
});
