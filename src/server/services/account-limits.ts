/**
 * Limits per account (or per email asked for), on top of the per-address limits: guessing one
 * account's password from many addresses is stopped. Counters live in the rate-limit store
 * (the `rate_limits` table, or Redis with REDIS_URL), so every instance shares them.
 */
import type { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import type { Db } from '../db/client.ts';
import { hashToken } from './tokens.ts';
import { verifyPassword } from './passwords.ts';

const MINUTE_MS = 60 * 1000;

/** How many of something one account may do (or get wrong) within a fixed window. */
export interface AccountLimit {
  /** Part of the counter key; unique per limit. */
  name: string;
  max: number;
  windowMs: number;
}

/** Wrong passwords at sign-in, per email asked for (known or not, so the answer never tells which). */
export const FAILED_SIGN_INS: AccountLimit = { name: 'sign-in', max: 10, windowMs: 15 * MINUTE_MS };
/** Wrong two-step codes (authenticator or recovery codes), per account. */
export const FAILED_CODES: AccountLimit = { name: 'code', max: 10, windowMs: 15 * MINUTE_MS };
/** Wrong re-entered passwords while signed in (admin gate, two-step settings, password change), per account. */
export const FAILED_PASSWORD_CONFIRMATIONS: AccountLimit = { name: 'confirm-password', max: 10, windowMs: 15 * MINUTE_MS };
/** Password-reset requests, per email asked for. */
export const RESET_REQUESTS: AccountLimit = { name: 'reset-request', max: 5, windowMs: 60 * MINUTE_MS };
/** Verification-mail resends, per account. */
export const VERIFICATION_RESENDS: AccountLimit = { name: 'verification-resend', max: 3, windowMs: 15 * MINUTE_MS };
/** "Someone tried to register with your address" mails, per account, so nobody can mail-bomb an owner. */
export const REGISTRATION_ATTEMPT_NOTICES: AccountLimit = { name: 'registration-notice', max: 1, windowMs: 60 * MINUTE_MS };

export interface Count {
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

/** A fixed-window counter store; both the database and Redis implement it. */
export interface CounterStore {
  /** Adds one and returns the count in the current window (a new window starts at 1). */
  increment(key: string, windowMs: number): Promise<Count>;
  /** The current window's count, or null when there is none. */
  peek(key: string): Promise<Count | null>;
}

type Rows = { rows: { count: number | string; reset_at: number | string }[] };

/** Counters in the `rate_limits` table: one atomic upsert per increment. */
export function databaseCounters(db: Db): CounterStore {
  return {
    async increment(key, windowMs) {
      const now = Date.now();
      const result = (await db.execute(sql`
        insert into rate_limits (key, count, reset_at) values (${key}, 1, ${now + windowMs})
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= ${now} then ${now + windowMs} else rate_limits.reset_at end
        returning count, reset_at`)) as unknown as Rows;
      const row = result.rows[0]!;
      return { count: Number(row.count), resetInMs: Number(row.reset_at) - now };
    },
    async peek(key) {
      const now = Date.now();
      const result = (await db.execute(sql`select count, reset_at from rate_limits where key = ${key} and reset_at > ${now}`)) as unknown as Rows;
      const row = result.rows[0];
      return row ? { count: Number(row.count), resetInMs: Number(row.reset_at) - now } : null;
    },
  };
}

/** Counters in Redis: the key expires with its window. */
export function redisCounters(redis: Redis): CounterStore {
  return {
    async increment(key, windowMs) {
      // SET NX starts a window only when none is running; INCR then counts this one.
      const replies = await redis.multi().set(key, 0, 'PX', windowMs, 'NX').incr(key).pttl(key).exec();
      const failed = replies?.find(([err]) => err);
      if (!replies || failed) throw failed?.[0] ?? new Error('Redis transaction was aborted');
      return { count: Number(replies[1]![1]), resetInMs: Math.max(0, Number(replies[2]![1])) };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(key), redis.pttl(key)]);
      return count === null || ttl <= 0 ? null : { count: Number(count), resetInMs: ttl };
    },
  };
}

/** Where a refusal sets `Retry-After` (a Fastify reply fits). */
interface HeaderTarget {
  header(name: string, value: string): unknown;
}

export interface AccountLimits {
  /** Refuses with 429 RATE_LIMITED and `Retry-After` when `subject` has used up `limit`. */
  assertOpen(limit: AccountLimit, subject: string, reply: HeaderTarget): Promise<void>;
  /** Counts one for `subject`; `reached` is true only for the one hit that uses up the limit. */
  hit(limit: AccountLimit, subject: string): Promise<Count & { reached: boolean }>;
  /** Counts one and refuses (as assertOpen) when that goes over the limit: for things limited per use. */
  take(limit: AccountLimit, subject: string, reply: HeaderTarget): Promise<void>;
}

/** Account limits over a counter store; subjects are stored only as keyed hashes (no emails or ids in the table). */
export function createAccountLimits(store: CounterStore, secret: string): AccountLimits {
  const keyFor = (limit: AccountLimit, subject: string) => `acct:${limit.name}:${hashToken(subject.toLowerCase(), secret)}`;
  const refuse = (resetInMs: number, reply: HeaderTarget): never => {
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
    reply.header('retry-after', String(seconds));
    const minutes = Math.ceil(seconds / 60);
    throw new AppError('RATE_LIMITED', `Too many attempts for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  };
  return {
    async assertOpen(limit, subject, reply) {
      const current = await store.peek(keyFor(limit, subject));
      if (current && current.count >= limit.max) refuse(current.resetInMs, reply);
    },
    async hit(limit, subject) {
      const counted = await store.increment(keyFor(limit, subject), limit.windowMs);
      return { ...counted, reached: counted.count === limit.max };
    },
    async take(limit, subject, reply) {
      const counted = await store.increment(keyFor(limit, subject), limit.windowMs);
      if (counted.count > limit.max) refuse(counted.resetInMs, reply);
    },
  };
}

/**
 * Checks a password re-entered while signed in (admin gate, two-step settings, password change, account
 * deletion): wrong ones count against the account from any address, and past the limit even the right one
 * is refused. `wrong` is the refusal for a wrong password.
 */
export async function confirmPassword(limits: AccountLimits, user: { id: string; passwordHash: string }, password: string, reply: HeaderTarget, wrong: () => AppError) {
  await limits.assertOpen(FAILED_PASSWORD_CONFIRMATIONS, user.id, reply);
  if (await verifyPassword(user.passwordHash, password)) return;
  await limits.hit(FAILED_PASSWORD_CONFIRMATIONS, user.id);
  throw wrong();
}
