/**
 * The per-address limit on sign-in with REDIS_URL: @fastify/rate-limit then counts in Redis (its own store, timed by
 * Redis), not in the rate_limits table. Sessions have no Redis store: they live in the database either way. The
 * `redis` test project runs this file only when REDIS_URL is set; .ci/run sets it to the machine's Redis.
 */
import { describe, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupRedisApp } from '../../../../tests/setup/redis.ts';
import { behavesAsSignInLimit, SIGN_IN_PER_ADDRESS } from '../../../../tests/setup/sign-in-limit-contract.ts';
import { rateLimits } from '../../db/schema/index.ts';

describe('the per-address limit on sign-in, counted in Redis (REDIS_URL)', () => {
  const { redis, t } = setupRedisApp();

  behavesAsSignInLimit({
    app: () => t().app,
    async endWindow(address) {
      // The plugin's key: its namespace, the route, then the address.
      const key = `fastify-rate-limit-POST/api/auth/login-${address}`;
      expect(Number(await redis().get(key))).toBeGreaterThan(SIGN_IN_PER_ADDRESS.max);
      const ttl = await redis().pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(SIGN_IN_PER_ADDRESS.windowMs);
      const { db } = t().database;
      expect(
        await db
          .select()
          .from(rateLimits)
          .where(eq(rateLimits.key, `rl:POST/api/auth/login:${address}`)),
      ).toEqual([]);
      // The window ending is Redis expiring the key.
      await redis().pexpire(key, 1);
      await expect.poll(() => redis().exists(key)).toBe(0);
    },
  });
});
