import { describe, expect, it } from 'vitest';
import { OPENING_SESSION } from '../db/client.ts';
import { isDatabaseUnavailable } from './db-errors.ts';

/** A PostgreSQL error as node-postgres raises it, wrapped by Drizzle as its query error. */
function pgError(code: string, { opening = false } = {}) {
  const cause = Object.assign(new Error(`sqlstate ${code}`), { code, ...(opening ? { [OPENING_SESSION]: true } : {}) });
  return Object.assign(new Error('Failed query: select 1'), { cause });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['08006', 'a connection failure'],
    ['57P01', 'an administrator shutdown'],
    ['57P03', 'a server still starting'],
    ['57P04', 'a dropped database'],
    ['57014', 'a query cancelled by an operator or a statement timeout'],
    ['53100', 'a full disk'],
    ['53200', 'a server out of memory'],
    ['53300', 'too many connections'],
    ['25006', 'a read-only standby or database'],
    ['55P03', 'a lock held by maintenance beyond lock_timeout'],
    ['58030', 'an I/O error on the server'],
  ])('counts %s (%s) as the database being unable to serve', (code) => {
    expect(isDatabaseUnavailable(pgError(code))).toBe(true);
  });

  it.each([
    ['55000', 'a database not accepting connections'],
    ['3D000', 'a database that no longer exists'],
    ['28P01', 'a refused password'],
    ['28000', 'a role not allowed to log in'],
  ])('counts %s (%s) as unable to serve when the server said it while a session was being opened', (code) => {
    expect(isDatabaseUnavailable(pgError(code, { opening: true }))).toBe(true);
  });

  it.each([
    ['55000', 'an object not in the state a statement needs (a bug)'],
    ['3D000', 'a reference to another database (a bug)'],
    ['40001', 'a serialization failure (a retry, not an outage)'],
    ['40P01', 'a deadlock (a retry, not an outage)'],
    ['40003', 'a commit whose outcome is unknown'],
    ['23505', 'a unique violation'],
    ['42P01', 'an unknown table'],
    ['XX001', 'corrupted data'],
  ])('does not count %s (%s) in an open session as an outage', (code) => {
    expect(isDatabaseUnavailable(pgError(code))).toBe(false);
  });

  it('counts socket errors and node-postgres lost connections, and errors with no code not at all', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
