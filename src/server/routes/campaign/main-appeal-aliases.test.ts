/**
 * One campaign model (decision 012): the main appeal is a campaign marked so, and the spec's single-campaign calls
 * are aliases that answer from the same code as its `/api/campaigns/:id/...` routes and the panel's `?campaign=`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaigns, donationIntents, donations } from '../../db/schema/index.ts';
import { readSeedContent, seedCampaign } from '../../db/seed.ts';
import { injectFrom, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { mainAppealId, MAIN_APPEAL_API } from '../../../../tests/factories/donations.ts';
import { newCampaign, steppedUpManager, type Person } from '../../../../tests/factories/spending.ts';

const t = setupTestApp();
const db = () => t.database.db;
let manager: Person = { cookie: '', id: '' };
let mainId = '';
let mainSlug = '';

beforeAll(async () => {
  manager = await steppedUpManager(t.app, db());
  mainId = await mainAppealId(db());
  mainSlug = (await t.app.inject('/api/campaign')).json().content.slug as string;
});

/** Reads as the stepped-up manager. */
const read = (url: string) => t.app.inject({ url, headers: { cookie: manager.cookie } });
/** Progress after a write: this instance forgets its one-second figures, as the write's follow-up does. */
const progress = async (url: string) => {
  t.app.campaigns.invalidate();
  const res = await t.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};
const gift = { amount: 64.5, message: 'For Maya', paymentMethod: 'Zelle', donorName: 'Iris A.', isAnonymous: false };
const intent = { amount: 18, paymentMethod: 'PayPal', timestamp: '2026-11-25T10:00:00.000Z', message: null };

describe('the main appeal', () => {
  it('is the campaign marked so, by its mark and not its age or content: one at most, and the seed adds no other', async () => {
    const marked = await db().select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.mainAppeal, true));
    expect(marked).toEqual([{ id: mainId }]);
    expect(mainSlug).toBe(MAIN_APPEAL_API.split('/').at(-1));
    // Another campaign with a content document of its own is not the main appeal.
    const other = await newCampaign(db(), manager.id);
    t.app.campaigns.invalidate();
    expect((await t.app.inject('/api/campaign')).json().id).toBe(mainId);
    await expect(db().update(campaigns).set({ mainAppeal: true }).where(eq(campaigns.id, other))).rejects.toThrow();
    expect(await seedCampaign(db())).toBe(false);
    expect(await seedCampaign(db(), { ...(await readSeedContent()), slug: 'another-appeal' })).toBe(false);
    expect(await db().select().from(campaigns).where(eq(campaigns.mainAppeal, true))).toHaveLength(1);
  });
});

describe('the spec’s calls are aliases of the campaign routes', () => {
  it('answers GET /api/fundraising/progress with the very bytes of the main appeal’s /api/campaigns/:id/progress', async () => {
    const spec = await progress('/api/fundraising/progress');
    expect(await progress(`/api/campaigns/${mainId}/progress`)).toBe(spec);
    expect(await progress(`${MAIN_APPEAL_API}/progress`)).toBe(spec);
    expect(JSON.parse(spec)).toEqual(
      expect.objectContaining({ goalAmount: expect.any(Number), currentAmount: expect.any(Number), donorCount: 0 }),
    );
  });

  it('shows a gift recorded through POST /api/admin/add-donation in the main appeal’s campaign routes and list', async () => {
    const before = JSON.parse(await progress(`/api/campaigns/${mainId}/progress`)) as Record<string, number>;
    const recorded = await injectFrom(t.app, {
      url: '/api/admin/add-donation',
      body: { ...gift, donorEmail: 'iris@example.org', showPublicly: true },
      headers: { cookie: manager.cookie },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const [row] = await db().select().from(donations).where(eq(donations.id, recorded.json().id));
    expect(row!.campaignId).toBe(mainId);

    const after = JSON.parse(await progress(`/api/campaigns/${mainId}/progress`)) as Record<string, number>;
    expect(after.currentCents).toBe(before.currentCents! + 6_450);
    expect(after.donorCount).toBe(before.donorCount! + 1);
    expect(await progress('/api/fundraising/progress')).toBe(JSON.stringify(after));
    const wall = (await t.app.inject(`/api/campaigns/${mainId}/supporters`)).json();
    expect(wall.items[0]).toMatchObject({ name: 'Iris A.', message: 'For Maya', amount: { cents: 6_450 } });

    const narrowed = (await read(`/api/admin/donations?campaign=${mainId}`)).json();
    expect(narrowed.campaign).toEqual({ id: mainId, slug: mainSlug, fundraiserTitle: null });
    expect(narrowed.items).toContainEqual(
      expect.objectContaining({ id: recorded.json().id, amountCents: 6_450, campaignId: mainId }),
    );
  });

  it('lists the main appeal’s gifts and intents in GET /api/admin/donations and /donation-intents as its ?campaign= lists do', async () => {
    // A gift and an intent of another campaign, which the spec's lists show beside the main appeal's.
    const other = await newCampaign(db(), manager.id);
    await injectFrom(t.app, {
      url: '/api/admin/add-donation',
      body: { ...gift, amount: 11, campaignId: other },
      headers: { cookie: manager.cookie },
    });
    const mainIntent = await injectFrom(t.app, { url: '/api/donation-intent', body: intent });
    expect(mainIntent.statusCode, mainIntent.body).toBe(201);
    const [stored] = await db().select().from(donationIntents).where(eq(donationIntents.id, mainIntent.json().id));
    expect(stored!.campaignId).toBe(mainId);

    for (const list of ['/api/admin/donations', '/api/admin/donation-intents']) {
      const all = (await read(list)).json();
      const byId = (await read(`${list}?campaign=${mainId}`)).json();
      const bySlug = (await read(`${list}?campaign=${mainSlug}`)).json();
      expect(bySlug).toEqual(byId);
      expect(all.campaign).toBeNull();
      expect(all.items.some((i: { campaignId: string }) => i.campaignId === other)).toBe(list.endsWith('donations'));
      // The same items, presented by the same code: the main appeal's, in the same order.
      expect(all.items.filter((i: { campaignId: string }) => i.campaignId === mainId)).toEqual(byId.items);
    }
    const intents = (await read(`/api/admin/donation-intents?campaign=${mainId}`)).json();
    expect(intents.items).toContainEqual(
      expect.objectContaining({ id: mainIntent.json().id, amountCents: 1_800, campaignId: mainId }),
    );
  });

  it('records an intent through POST /api/donation-intent as /api/campaigns/:id/intents does for the main appeal', async () => {
    const spec = await injectFrom(t.app, { url: '/api/donation-intent', body: intent });
    const byId = await injectFrom(t.app, { url: `/api/campaigns/${mainId}/intents`, body: intent });
    expect([spec.statusCode, byId.statusCode]).toEqual([201, 201]);
    expect(Object.keys(spec.json())).toEqual(Object.keys(byId.json()));
    const rows = await db().select().from(donationIntents).where(eq(donationIntents.campaignId, mainId));
    const [a, b] = [spec, byId].map((res) => rows.find((r) => r.id === res.json().id)!);
    // Each intent has its own reference.
    const { id: _a, createdAt: _ac, reference: _ar, ...first } = a!;
    const { id: _b, createdAt: _bc, reference: _br, ...second } = b!;
    expect(first).toEqual(second);
    // The same refusal for a body either refuses.
    const bad = { ...intent, amount: 0 };
    const refusals = [
      await injectFrom(t.app, { url: '/api/donation-intent', body: bad }),
      await injectFrom(t.app, { url: `/api/campaigns/${mainId}/intents`, body: bad }),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 400]);
    expect(refusals[0]!.json()).toEqual(refusals[1]!.json());
  });
});
