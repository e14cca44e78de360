/**
 * The per-address limit on sign-in with REDIS_URL: the route then counts in Redis (services/account-limits.ts,
 * redisCounters), not in the rate_limits table. Sessions have no Redis store: they live in the database either way.
 * The `redis` test project runs this file only when REDIS_URL is set; .ci/run sets it to the machine's Redis.
 */
import { describe, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupRedisApp } from '../../../../tests/setup/redis.ts';
import { behavesAsSignInLimit } from '../../../../tests/setup/sign-in-limit-contract.ts';
import { SIGN_INS_PER_ADDRESS } from '../../commands/sign-in.ts';
import { rateLimits } from '../../db/schema/index.ts';

describe('the per-address limit on sign-in, counted in Redis (REDIS_URL)', () => {
  const { redis, t } = setupRedisApp();

  behavesAsSignInLimit({
    app: () => t().app,
    async endWindow(key) {
      expect(Number(await redis().hget(key, 'count'))).toBeGreaterThan(SIGN_INS_PER_ADDRESS.max);
      const ttl = await redis().pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(SIGN_INS_PER_ADDRESS.windowMs);
      expect(await t().database.db.select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([]);
      // The window ending is its reset time passing on the app's clock.
      await redis().hset(key, 'reset_at', 0);
    },
  });
});
