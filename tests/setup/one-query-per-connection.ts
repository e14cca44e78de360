/**
 * Fails the test during which node-postgres was asked to run a query on a connection already running one (a
 * `Promise.all` of reads inside a transaction): it queues them today with a deprecation warning, and its next major
 * version refuses them. Only PostgreSQL runs (TEST_DATABASE_URL) can see it; PGlite has one connection by design.
 */
import { afterAll, afterEach, expect } from 'vitest';

const OVERLAP = /already executing a query/;
const overlaps: string[] = [];
function onWarning(warning: Error) {
  if (OVERLAP.test(warning.message)) overlaps.push(warning.message);
}
process.on('warning', onWarning);
afterAll(() => void process.off('warning', onWarning));

afterEach(() => {
  const seen = overlaps.splice(0);
  expect(seen, 'queries overlapped on one database connection').toEqual([]);
});
