/** For `*.redis.test.ts` files: a test app whose counters live in the machine's Redis (REDIS_URL), and a Redis client. */
import { afterAll, beforeAll } from 'vitest';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from './test-app.ts';

/** Starts both before the file's tests and closes them after; read them inside tests (they exist only then). */
export function setupRedisApp(): { redis: () => Redis; t: () => TestApp } {
  let redis: Redis | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    t = await createTestApp({ env: { REDIS_URL: process.env.REDIS_URL! } });
  });
  afterAll(async () => {
    redis?.disconnect();
    await t?.close();
  });
  return { redis: () => redis!, t: () => t! };
}
