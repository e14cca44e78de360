/** Reading a database error (pg or PGlite, possibly wrapped by Drizzle) for the rule it broke. */
import { OPENING_SESSION } from '../db/client.ts';

interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The SQLSTATE and constraint name of a database error, from the error or its cause. */
export function databaseError(err: unknown): { code: string | undefined; constraint: string | undefined } {
  const outer = (err ?? {}) as DatabaseErrorFields;
  const inner = (outer.cause ?? {}) as DatabaseErrorFields;
  const pick = (key: 'code' | 'constraint') => {
    const value = typeof outer[key] === 'string' ? outer[key] : inner[key];
    return typeof value === 'string' ? value : undefined;
  };
  return { code: pick('code'), constraint: pick('constraint') };
}

export function isUniqueViolation(err: unknown): boolean {
  return databaseError(err).code === '23505';
}

/** True when `err` is the CHECK (or trigger-raised check) named `constraint`. */
export function isCheckViolation(err: unknown, constraint: string): boolean {
  const e = databaseError(err);
  return e.code === '23514' && e.constraint === constraint;
}

/**
 * SQLSTATE classes and codes that mean "the database cannot serve now", not "this request is wrong" (PostgreSQL's
 * appendix A). The statement or transaction they end was rolled back, so nothing was written and a retry is right:
 * - class 08, connection exception: the session was lost or could not be opened.
 * - class 53, insufficient resources (53100 disk full, 53200 out of memory, 53300 too many connections, 53400 a
 *   configured limit): the server lacks room for the work now.
 * - class 57, operator intervention (57000; 57014 a query cancelled by an operator or a statement_timeout;
 *   57P01-57P03 shutdown, crash, still starting; 57P04 database dropped; 57P05 idle session ended): someone or
 *   something stopped the server serving.
 * - 25006, read-only SQL transaction: a standby after a failover, or `default_transaction_read_only` set for
 *   maintenance; it cannot take writes now (no command of ours opens a read-only transaction itself).
 * - 55P03, lock not available: maintenance holds a table longer than the operator's lock_timeout lets us wait
 *   (no query of ours asks for NOWAIT).
 * - 58000 system error and 58030 I/O error: the server cannot read or write its own files.
 * Not these: 40001 serialization failure and 40P01 deadlock are retries, not outages (under READ COMMITTED, which
 * every command uses, a deadlock is two commands locking in opposite orders: a bug to see as a 500); 40003 (a
 * commit's outcome unknown) cannot be answered "nothing was changed"; XX000-XX002 (internal error, corruption) need
 * someone to look. Refusals with a code that is usually a bug (55000 object not in prerequisite state, 3D000 no such
 * database, 28000/28P01 authentication) mean an outage only while a session is being opened, which the pool marks.
 */
const UNAVAILABLE_CLASSES = new Set(['08', '53', '57']);
const UNAVAILABLE_STATES = new Set(['25006', '55P03', '58000', '58030']);
/** Socket errors on the way to the database. */
const UNREACHABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres' own words for a lost or refused connection (it sets no code on these). */
const UNREACHABLE_MESSAGE = /^Connection terminated|timeout exceeded when trying to connect|not queryable/;

/**
 * Whether `err` (or what it wraps) says the database is down, unreachable or cannot serve: the server answers 503 with
 * Retry-After then, and recovers by itself once the database answers again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as (DatabaseErrorFields & { message?: unknown }) | undefined, depth = 0; e && depth < 4; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CLASSES.has(code.slice(0, 2)) || UNAVAILABLE_STATES.has(code) || UNREACHABLE_ERRNOS.has(code))
      return true;
    // Whatever the server answered while a session was being opened (55000 "not currently accepting connections",
    // 3D000, 28P01 ...), the database cannot serve this instance.
    if ((e as { [OPENING_SESSION]?: unknown })[OPENING_SESSION] === true) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
    // An AggregateError (a refused connection to each of localhost's addresses) holds its causes in `errors`.
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
