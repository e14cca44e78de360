/** Rate limits shared by every instance: counters in the database, or in Redis when REDIS_URL is set. */
import fp from 'fastify-plugin';
import type { FastifyRequest, RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '#shared/errors.ts';
import type { Db } from '../db/client.ts';
import {
  createAccountLimits,
  databaseCounters,
  redisCounters,
  subjectKey,
  sweepEndedCounters,
  type AccountLimits,
} from '../services/account-limits.ts';
import type { Clock } from '../services/clock.ts';
import { createSignInTries, type SignInTries } from '../commands/sign-in.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-account limits, counted in the same store as the per-address ones. */
    accountLimits: AccountLimits;
    /** A sign-in's tries, per address and per email, counted with the account's read (commands/sign-in.ts). */
    signInTries: SignInTries;
  }
}

interface StoreResult {
  current: number;
  ttl: number;
}

/** @fastify/rate-limit's store over the shared database counters (one atomic upsert per request). */
function databaseStore(db: Db, clock: Clock) {
  const counters = databaseCounters(db, clock);
  return class DatabaseStore {
    private readonly prefix: string;
    /** The plugin passes its options first; children pass a route-specific key prefix so each route counts on its own. */
    constructor(_options?: unknown, prefix = 'rl:') {
      this.prefix = prefix;
    }
    incr(ip: string, callback: (err: Error | null, result?: StoreResult) => void, timeWindow: number) {
      const now = clock.now().getTime();
      counters.increment(this.prefix + ip, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (err: Error) => callback(err),
      );
      // Expired windows are dead weight; sweep them now and then.
      if (Math.random() < 0.01) db.execute(sweepEndedCounters(now)).catch(() => {});
    }
    // At run time the plugin passes its merged params with the route under `routeInfo`.
    child(routeOptions: RouteOptions & { routeInfo?: RouteOptions }) {
      const route = routeOptions.routeInfo ?? routeOptions;
      return new DatabaseStore(undefined, `rl:${String(route.method)}${route.url}:`);
    }
  };
}

/**
 * A route's `keyGenerator` that counts per signed-in account, so changing address does not buy more tries;
 * the account is stored as the same keyed hash as the account limits', never as its id.
 */
export function byAccount(request: FastifyRequest): string {
  return request.user ? `user:${subjectKey(request.user.id, request.server.config.sessionSecret)}` : request.ip;
}

export default fp(
  async (app) => {
    // ioredis loads only when Redis is configured (about 13 MB a server without it does not hold).
    const redis = app.config.redisUrl
      ? new (await import('ioredis')).Redis(app.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
      : undefined;
    if (redis) app.addHook('onClose', async () => void redis.disconnect());
    // The auth plugin decorates the clock after this one is registered; read it on each use (tests replace it).
    const clock: Clock = { now: () => app.clock.now() };
    const counters = redis ? redisCounters(redis, clock) : databaseCounters(app.db, clock);
    const accountLimits = createAccountLimits(counters, app.config.sessionSecret);
    app.decorate('accountLimits', accountLimits);
    app.decorate('signInTries', createSignInTries(app.db, counters, accountLimits, clock));
    await app.register(rateLimit, {
      global: false,
      // With Redis the plugin's own store counts per route, timed by Redis's clock (the plugin's Lua script).
      ...(redis ? { redis } : { store: databaseStore(app.db, clock) }),
      // A broken counter store must not take the site down with it.
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        Object.assign(new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`), {
          statusCode: 429,
        }),
    });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
