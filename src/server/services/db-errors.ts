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
