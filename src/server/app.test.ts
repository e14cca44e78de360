/** Two app instances on one database behave as one: the stateless-server promise. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { TEST_ALTCHA_DIFFICULTY } from './services/altcha.ts';
import { loadConfig } from './config.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database.ts';
import { RecordDonationSchema } from '#shared/schemas/admin-donations.ts';
import { recordDonation } from './commands/donations.ts';
import { run, SYSTEM_ACTOR } from './commands/run.ts';
import { postJson } from '../../tests/setup/test-app.ts';
import { newPerson, solveAltcha } from '../../tests/setup/accounts.ts';
import { linkSettings } from './commands/accounts.ts';
import { ensureSetupLink } from './commands/admin-invites.ts';

let database: TestDatabase;
let first: FastifyInstance;
let second: FastifyInstance;
beforeAll(async () => {
  // A fake clock for the whole file, set before the apps build their caches (services/cache.ts reads Date.now):
  // time moves only when a test says so, so cache windows and rate-limit windows never depend on machine speed.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T10:00:00Z') });
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
  vi.useRealTimers();
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

  it('show a donation recorded on one instance on the other at once, inside its one-second progress cache', async () => {
    const progressOf = async (app: FastifyInstance) =>
      (await app.inject('/api/fundraising/progress')).json().currentCents;
    const before = await progressOf(second);
    expect(await progressOf(first)).toBe(before);

    const campaign = await first.campaigns.mainAppeal();
    const input = RecordDonationSchema.parse({ amount: 42, paymentMethod: 'Zelle', externalReference: 'two-apps-1' });
    await run(first.commandEnv(), SYSTEM_ACTOR, recordDonation, campaign, input);

    // The instance that wrote clears its own cache after the commit; the other hears of the commit (the clock
    // stands still, so its window never ends here).
    expect(await progressOf(first)).toBe(before + 4200);
    await expect.poll(() => progressOf(second)).toBe(before + 4200);
  });

  it('print one working first-admin link when they start together, and the same one again on a restart', async () => {
    const links = linkSettings(first.config);
    const setupLink = (app: FastifyInstance) => run(app.commandEnv(), SYSTEM_ACTOR, ensureSetupLink, links);
    const [a, b] = await Promise.all([setupLink(first), setupLink(second)]);
    expect(a!.link).toMatch(/^http:\/\/localhost:3000\/register\?invite=[\w-]{43}$/);
    expect(b!.link).toBe(a!.link);
    expect((await setupLink(second))!.link).toBe(a!.link);

    const inviteToken = new URL(a!.link).searchParams.get('invite')!;
    const res = await postJson(second, '/api/auth/register', {
      ...newPerson({ role: 'admin' }),
      inviteToken,
      altcha: await solveAltcha(second),
    });
    expect(res.statusCode).toBe(201);
    expect(await setupLink(first)).toBeNull();
  });
});
