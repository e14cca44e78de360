/** Reading a database error (pg or PGlite, possibly wrapped by Drizzle) for the rule it broke. */

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

/** SQLSTATEs that mean "the database cannot take requests now", not "this request is wrong". */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
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
 * Whether `err` (or what it wraps) says the database is down or unreachable: the server answers 503 with
 * Retry-After then, and recovers by itself once the database answers again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as (DatabaseErrorFields & { message?: unknown }) | undefined, depth = 0; e && depth < 4; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || UNREACHABLE_ERRNOS.has(code)) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
    // An AggregateError (a refused connection to each of localhost's addresses) holds its causes in `errors`.
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
