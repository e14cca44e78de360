/** Two app instances on one database behave as one: the stateless-server promise. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { TEST_ALTCHA_DIFFICULTY } from './services/altcha.ts';
import { loadConfig } from './config.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database.ts';
import { buildDonation } from '../../tests/factories/donations.ts';
import { postJson } from '../../tests/setup/test-app.ts';
import { solveAltcha } from '../../tests/setup/accounts.ts';

let database: TestDatabase;
let first: FastifyInstance;
let second: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  [first, second] = (await Promise.all(
    [0, 1].map(() => buildApp({ config, database, clientDir: false, altchaDifficulty: TEST_ALTCHA_DIFFICULTY })),
  )) as [FastifyInstance, FastifyInstance];
});
afterAll(async () => {
  await first.close();
  await second.close();
  await database.destroy();
});

describe('several instances', () => {
  it('share rate-limit counters, so a client cannot multiply its allowance by the number of instances', async () => {
    const body = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await postJson(i % 2 ? second : first, '/api/contact', { ...body, altcha: await solveAltcha(first) }))
          .statusCode,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('agree on progress once the other instance records a donation', async () => {
    expect((await second.inject('/api/fundraising/progress')).json().currentCents).toBe(0);
    await buildDonation(database.db, { amountCents: 4200 });
    // The instance that wrote refreshes at once; the other within its one-second cache.
    first.campaigns.invalidate();
    second.campaigns.invalidate();
    for (const app of [first, second])
      expect((await app.inject('/api/fundraising/progress')).json().currentCents).toBe(4200);
  });
});
