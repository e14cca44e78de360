/**
 * The per-address limit on sign-in (10 tries in 15 minutes, counted by the route: commands/sign-in.ts) behaves the
 * same on every store instances can share: the `rate_limits` table, or Redis with REDIS_URL. Each store's test file
 * runs it.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { SIGN_INS_PER_ADDRESS } from '../../src/server/commands/sign-in.ts';
import { injectFrom, statusesOf } from './test-app.ts';

export interface SignInLimitStore {
  app(): FastifyInstance;
  /** Checks that the store holds this address's count (under `key`), then ends its window there. */
  endWindow(key: string): Promise<void>;
}

/** An address no earlier run used either: a shared Redis keeps counts between runs. */
const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Registers the behaviour every store must have. */
export function behavesAsSignInLimit(store: SignInLimitStore) {
  it('counts sign-ins per address whatever the email, refuses the 11th with 429 and Retry-After, and allows again once the window ends', async () => {
    const address = randomAddress();
    // A new unknown email each time: no per-account limit can be what trips.
    const attempt = (from = address) =>
      injectFrom(
        store.app(),
        { url: '/api/auth/login', body: { email: `nobody.${randomUUID()}@example.com`, password: 'Wrong-Password-1' } },
        from,
      );
    expect(await statusesOf(SIGN_INS_PER_ADDRESS.max, () => attempt())).toEqual(
      Array<number>(SIGN_INS_PER_ADDRESS.max).fill(401),
    );
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests/),
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_INS_PER_ADDRESS.windowMs / 1000);
    // Another address is counted on its own.
    expect((await attempt(randomAddress())).statusCode).toBe(401);

    await store.endWindow(store.app().accountLimits.key(SIGN_INS_PER_ADDRESS, address));
    expect((await attempt()).statusCode).toBe(401);
  });
}
