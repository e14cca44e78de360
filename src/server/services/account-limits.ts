/**
 * Limits per account (or per email asked for), on top of the per-address limits: guessing one
 * account's password from many addresses is stopped. Counters live in the rate-limit store
 * (the `rate_limits` table, or Redis with REDIS_URL), so every instance shares them; windows run on the
 * app's clock.
 */
import type { Redis } from 'ioredis';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import type { Db } from '../db/client.ts';
import { hashToken } from './tokens.ts';
import { verifyPassword } from './passwords.ts';
import type { Clock } from './clock.ts';

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
export const FAILED_PASSWORD_CONFIRMATIONS: AccountLimit = {
  name: 'confirm-password',
  max: 10,
  windowMs: 15 * MINUTE_MS,
};
/** Password-reset requests, per email asked for. */
export const RESET_REQUESTS: AccountLimit = { name: 'reset-request', max: 5, windowMs: 60 * MINUTE_MS };
/** Verification-mail resends, per account. */
export const VERIFICATION_RESENDS: AccountLimit = { name: 'verification-resend', max: 3, windowMs: 15 * MINUTE_MS };
/** Care plan invitations a patient mails, per account, so her link cannot be used to mail strangers in bulk. */
export const CARE_INVITATIONS: AccountLimit = { name: 'care-invitation', max: 20, windowMs: 24 * 60 * MINUTE_MS };
/** "Someone tried to register with your address" mails, per account, so nobody can mail-bomb an owner. */
export const REGISTRATION_ATTEMPT_NOTICES: AccountLimit = {
  name: 'registration-notice',
  max: 1,
  windowMs: 60 * MINUTE_MS,
};

export interface Count {
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

/** A fixed-window counter store; both the database and Redis implement it, on the app's clock. */
export interface CounterStore {
  /** Adds one and returns the count in the current window (a new window starts at 1). */
  increment(key: string, windowMs: number): Promise<Count>;
  /** Takes one back from the current window, never below 0 (a try that turned out right). */
  decrement(key: string): Promise<void>;
  /** Ends the current window: the next increment starts at 1. */
  clear(key: string): Promise<void>;
  /**
   * Set when the counters live in the database: the same changes as statements, so that a caller can make them part
   * of its own statement (a sign-in counts in the statement that reads the account, and gives back in the one that
   * stores the session: two round trips instead of five). `key` and `now` may be placeholders, for a statement
   * prepared once.
   */
  readonly statements?: CounterStatements;
}

export interface CounterStatements {
  /** Adds one to `key` (only while `when` holds, if given) and returns key, count and reset_at. */
  increment(key: string | Placeholder, windowMs: number, now: number | Placeholder, when?: SQL): SQL;
  decrement(key: string | Placeholder, now: number | Placeholder): SQL;
}

/** A counter row as the counting statements return it. */
export type CounterRow = { count: number | string; reset_at: number | string };

/**
 * The statement that counts one for `key` in the `rate_limits` table at `now` (ms), only while `when` holds if given,
 * and returns `key`, `count` and `reset_at`: a new window starts at 1 when the last one ended
 * (commands/record-intent.ts counts many intents per key the same way).
 */
function countOne(key: string | Placeholder, windowMs: number, now: number | Placeholder, when?: SQL): SQL {
  return sql`
    insert into rate_limits (key, count, reset_at) select ${key}::text, 1, ${now}::bigint + ${windowMs}
    ${when ? sql`where ${when}` : sql``}
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end
    returning key, count, reset_at`;
}

/**
 * Deletes the counters whose window ended, skipping any a statement holds at that moment: a sweep that waited for
 * such a row while holding another could deadlock with a statement counting both (a sign-in counts two at once).
 */
export const sweepEndedCounters = (now: number): SQL =>
  sql`delete from rate_limits where key in (
    select key from rate_limits where reset_at < ${now} for update skip locked
  ) returning key`;

/** Takes one back from `key`'s current window, never below 0. */
const giveBackOne = (key: string | Placeholder, now: number | Placeholder): SQL =>
  sql`update rate_limits set count = count - 1 where key = ${key} and reset_at > ${now} and count > 0`;

/** The count after countOne: bigint columns come back as strings from node-postgres. */
export function countOf(row: CounterRow, now: number): Count {
  return { count: Number(row.count), resetInMs: Number(row.reset_at) - now };
}

/** Counters in the `rate_limits` table: one atomic upsert per increment. */
export function databaseCounters(db: Db, clock: Clock): CounterStore {
  return {
    async increment(key, windowMs) {
      const now = clock.now().getTime();
      const result = await db.execute<CounterRow>(countOne(key, windowMs, now));
      return countOf(result.rows[0]!, now);
    },
    async decrement(key) {
      await db.execute(giveBackOne(key, clock.now().getTime()));
    },
    async clear(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
    statements: { increment: countOne, decrement: giveBackOne },
  };
}

/** One counter in a Redis hash: a new window when the last one ended by the app's clock; Redis drops the key after it. */
const INCREMENT_SCRIPT = `
local now = tonumber(ARGV[1])
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset_at'))
if not reset or reset <= now then
  reset = now + tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'count', 1, 'reset_at', reset)
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1, reset}
end
return {redis.call('HINCRBY', KEYS[1], 'count', 1), reset}`;

const DECREMENT_SCRIPT = `
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset_at'))
if reset and reset > tonumber(ARGV[1]) and tonumber(redis.call('HGET', KEYS[1], 'count')) > 0 then
  redis.call('HINCRBY', KEYS[1], 'count', -1)
end
return 0`;

/** Counters in Redis, windows timed by the app's clock (so every instance and every test agrees). */
export function redisCounters(redis: Redis, clock: Clock): CounterStore {
  return {
    async increment(key, windowMs) {
      const now = clock.now().getTime();
      const [count, resetAt] = (await redis.eval(INCREMENT_SCRIPT, 1, key, now, windowMs)) as [number, number];
      return { count: Number(count), resetInMs: Number(resetAt) - now };
    },
    async decrement(key) {
      await redis.eval(DECREMENT_SCRIPT, 1, key, clock.now().getTime());
    },
    async clear(key) {
      await redis.del(key);
    },
  };
}

/** The keyed hash a subject (email or account id) is stored under, so no counter table holds an email or an id. */
export function subjectKey(subject: string, secret: string): string {
  return hashToken(subject.toLowerCase(), secret);
}

/** Where a refusal sets `Retry-After` (a Fastify reply fits). */
export interface HeaderTarget {
  header(name: string, value: string): unknown;
}

export interface AccountLimits {
  /**
   * One try that may fail (a password, a code): counted before `check` runs, so parallel tries cannot all
   * pass a check made before any of them counted; refused with 429 RATE_LIMITED and `Retry-After` past the
   * limit, without running `check`; a right answer is given back. `reached` is true only for the failure
   * that used up the limit.
   */
  attempt(
    limit: AccountLimit,
    subject: string,
    reply: HeaderTarget,
    check: () => Promise<boolean>,
  ): Promise<{ ok: boolean; reached: boolean }>;
  /** Counts one for `subject`; `reached` is true only for the one hit that uses up the limit. */
  hit(limit: AccountLimit, subject: string): Promise<Count & { reached: boolean }>;
  /** Counts one and refuses (as attempt) when that goes over the limit: for things limited per use. */
  take(limit: AccountLimit, subject: string, reply: HeaderTarget): Promise<void>;
  /** Forgets `subject`'s count (the owner proved herself, e.g. by a new password). */
  clear(limit: AccountLimit, subject: string): Promise<void>;
  /** The counter's key for `subject` under `limit` (for counting along another statement: commands/sign-in.ts). */
  key(limit: AccountLimit, subject: string): string;
}

/** Sets Retry-After for a window that ends in `resetInMs` and returns its seconds (at least 1). */
function retryAfter(resetInMs: number, reply: HeaderTarget): number {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  reply.header('retry-after', String(seconds));
  return seconds;
}

/** The plugin's refusal for a per-address limit, with Retry-After, for limits counted outside it (record-intent.ts). */
export function tooManyRequests(resetInMs: number, reply: HeaderTarget): never {
  const seconds = retryAfter(resetInMs, reply);
  const wait = seconds < 60 ? `${seconds} second` : `${Math.ceil(seconds / 60)} minute`;
  throw new AppError(
    'RATE_LIMITED',
    `Too many requests. Please try again in ${wait}${wait.startsWith('1 ') ? '' : 's'}.`,
  );
}

/** The refusal past a per-account limit, with Retry-After. */
export function tooManyTries(resetInMs: number, reply: HeaderTarget): never {
  const minutes = Math.ceil(retryAfter(resetInMs, reply) / 60);
  throw new AppError(
    'RATE_LIMITED',
    `Too many attempts for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/** Account limits over a counter store; subjects are stored only as keyed hashes (no emails or ids in the table). */
export function createAccountLimits(store: CounterStore, secret: string): AccountLimits {
  const keyFor = (limit: AccountLimit, subject: string) => `acct:${limit.name}:${subjectKey(subject, secret)}`;
  return {
    key: keyFor,
    async attempt(limit, subject, reply, check) {
      const key = keyFor(limit, subject);
      const counted = await store.increment(key, limit.windowMs);
      if (counted.count > limit.max) tooManyTries(counted.resetInMs, reply);
      const ok = await check();
      if (ok) await store.decrement(key);
      return { ok, reached: !ok && counted.count === limit.max };
    },
    async hit(limit, subject) {
      const counted = await store.increment(keyFor(limit, subject), limit.windowMs);
      return { ...counted, reached: counted.count === limit.max };
    },
    async take(limit, subject, reply) {
      const counted = await store.increment(keyFor(limit, subject), limit.windowMs);
      if (counted.count > limit.max) tooManyTries(counted.resetInMs, reply);
    },
    async clear(limit, subject) {
      await store.clear(keyFor(limit, subject));
    },
  };
}

/**
 * Checks a password re-entered while signed in (admin gate, two-step settings, password change, account
 * deletion): wrong ones count against the account from any address, and past the limit even the right one
 * is refused. `wrong` is the refusal for a wrong password (by default a field error on `password`). An account
 * without a password (passkeys only) refuses every one as wrong, after the same work.
 */
export async function confirmPassword(
  limits: AccountLimits,
  user: { id: string; passwordHash: string | null },
  password: string,
  reply: HeaderTarget,
  wrong: () => AppError = () => new AppError('VALIDATION', 'Your password is not correct', 'password'),
) {
  const { ok } = await limits.attempt(FAILED_PASSWORD_CONFIRMATIONS, user.id, reply, () =>
    verifyPassword(user.passwordHash, password),
  );
  if (!ok) throw wrong();
}
