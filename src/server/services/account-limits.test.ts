/** The account-limit counters on the database, the store every instance shares when REDIS_URL is unset. */
import { afterAll, beforeAll, describe } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database.ts';
import { behavesAsAccountLimits } from '../../../tests/setup/counter-store-contract.ts';
import { databaseCounters } from './account-limits.ts';

describe('on the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());
  behavesAsAccountLimits((clock) => databaseCounters(database.db, clock));
});
