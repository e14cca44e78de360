/** POST /api/campaigns/:id/intents: a donor's intent for one campaign, a patient's live fundraiser among them. */
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { injectFrom, setupTestApp, statusesOf } from '../../../../tests/setup/test-app.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { liveFundraiser } from '../../../../tests/factories/fundraisers.ts';
import { campaignFollowers, donationIntents, fundraisers } from '../../db/schema/index.ts';

const t = setupTestApp();
const db = () => t.database.db;
let campaignId = '';
let fundraiserId = '';

beforeAll(async () => {
  const manager = await signInAdmin(t.app, db(), 'manager');
  const live = await liveFundraiser(t, manager.cookie, 'Gifts for her surgery');
  fundraiserId = live.fundraiser.id;
  const [row] = await db().select().from(fundraisers).where(eq(fundraisers.id, fundraiserId));
  campaignId = row!.campaignId!;
});

const valid = {
  amount: 40,
  message: 'For your recovery',
  paymentMethod: 'PayPal',
  timestamp: '2026-11-25T10:00:00.000Z',
};
const intend = (id: string, body: unknown, address?: string) =>
  injectFrom(t.app, { url: `/api/campaigns/${id}/intents`, body }, address);

async function intentsOf(id: string) {
  return db().select().from(donationIntents).where(eq(donationIntents.campaignId, id));
}

describe('an intent for a live fundraiser', () => {
  it('is recorded for its campaign, not the main appeal, and answered 201 with its id', async () => {
    const res = await intend(campaignId, valid);
    expect(res.statusCode).toBe(201);
    const [row] = await db().select().from(donationIntents).where(eq(donationIntents.id, res.json().id));
    expect(row).toMatchObject({ campaignId, amountCents: 4_000, paymentMethod: 'PayPal', status: 'open' });
  });

  it('asks a donor who wants updates to confirm her address for this fundraiser', async () => {
    const email = `follower-${Date.now()}@example.org`;
    const res = await intend(campaignId, { ...valid, donorEmail: email, followUpdates: true });
    expect(res.statusCode).toBe(201);
    const [follower] = await db().select().from(campaignFollowers).where(eq(campaignFollowers.email, email));
    expect(follower).toMatchObject({ campaignId, confirmedAt: null });
  });

  it('refuses a bad amount, an unknown method and a field of its own with 400, storing nothing', async () => {
    const before = (await intentsOf(campaignId)).length;
    for (const body of [
      { ...valid, amount: 0.5 },
      { ...valid, paymentMethod: 'Bitcoin' },
      { ...valid, campaignId },
    ]) {
      const res = await intend(campaignId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await intentsOf(campaignId)).toHaveLength(before);
  });

  it('counts against the same per-address limit as the main appeal’s intents: 20 a minute in all', async () => {
    const address = '127.0.8.20';
    const mainAppeal = await statusesOf(10, () =>
      injectFrom(t.app, { url: '/api/donation-intent', body: valid }, address),
    );
    const here = await statusesOf(11, () => intend(campaignId, valid, address));
    expect([...mainAppeal, ...here].filter((s) => s === 201)).toHaveLength(20);
    expect(here.at(-1)).toBe(429);
  });
});

describe('campaigns that take no intent', () => {
  it('answers 404 for an unknown campaign and 400 for an id that is not one, storing nothing', async () => {
    const [before] = await db().select({ n: count() }).from(donationIntents);
    const unknown = await intend('00000000-0000-4000-8000-000000000000', valid);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such campaign');
    const malformed = await intend('not-an-id', valid);
    expect(malformed.statusCode).toBe(400);
    const [after] = await db().select({ n: count() }).from(donationIntents);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses a closed fundraiser with 409, storing nothing', async () => {
    await db().update(fundraisers).set({ status: 'closed' }).where(eq(fundraisers.id, fundraiserId));
    try {
      const before = (await intentsOf(campaignId)).length;
      const res = await intend(campaignId, valid);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This fundraiser is closed and takes no new gifts');
      expect(await intentsOf(campaignId)).toHaveLength(before);
    } finally {
      await db().update(fundraisers).set({ status: 'live' }).where(eq(fundraisers.id, fundraiserId));
    }
  });
});
