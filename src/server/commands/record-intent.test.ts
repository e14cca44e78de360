import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupTestApp, postJson } from '../../../tests/setup/test-app.ts';
import { donationIntents, rateLimits } from '../db/schema/index.ts';

// Every draw the first letter of the alphabet: references are HC-2222, then HC-22222, and so on, so a clash is sure.
// The api project's files share their modules (vitest.config.ts): this file loads the app afresh, so the mock
// reaches it, and leaves the next file the real module.
vi.hoisted(() => vi.resetModules());
vi.mock('node:crypto', async (importOriginal) => ({ ...(await importOriginal<object>()), randomInt: () => 0 }));
afterAll(() => {
  vi.doUnmock('node:crypto');
  vi.resetModules();
});

const t = setupTestApp();
const intent = { amount: 50, paymentMethod: 'PayPal', timestamp: '2026-11-22T10:00:00.000Z' };

describe('an intent whose reference is taken', () => {
  it('is stored with a longer reference, and counted once against its sender', async () => {
    await t.database.db.execute(sql`
      insert into donation_intents (campaign_id, amount_cents, payment_method, client_timestamp, reference)
      values ((select id from campaigns where main_appeal), 100, 'PayPal', now(), 'HC-2222')`);
    const first = await postJson(t.app, '/api/donation-intent', intent);
    const second = await postJson(t.app, '/api/donation-intent', intent);
    expect([first.json().reference, second.json().reference]).toEqual(['HC-22222', 'HC-222222']);
    expect(await t.database.db.$count(donationIntents)).toBe(3);
    const [counter] = await t.database.db.select().from(rateLimits);
    expect(counter!.count).toBe(2);
  });
});
