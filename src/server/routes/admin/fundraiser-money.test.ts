/**
 * A patient's fundraiser's money (issue 18): managers record gifts against its campaign, from its intents or by
 * choosing it; its expenses go only to the payee its review approved; its owner approves and releases nothing.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  campaigns,
  donationIntents,
  donations,
  fundraisers,
  ledgerEntries,
  notifications,
  outbox,
  rateLimits,
} from '../../db/schema/index.ts';
import { injectFrom, postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { liveFundraiser } from '../../../../tests/factories/fundraisers.ts';
import {
  decideExpense,
  releaseExpense,
  steppedUpManager,
  submitExpense,
  expenseForm,
  submittedExpense,
  type Person,
} from '../../../../tests/factories/spending.ts';

const t = setupTestApp();
const db = () => t.database.db;
let managerA: Person = { cookie: '', id: '' };
let managerB: Person = { cookie: '', id: '' };
let owner = { cookie: '', id: '' };
let campaignId = '';
let slug = '';
let fundraiserId = '';
const DECLARED_PAYEE = 'Riverside Women’s Clinic';

beforeAll(async () => {
  managerA = await steppedUpManager(t.app, db());
  managerB = await steppedUpManager(t.app, db());
  const live = await liveFundraiser(t, managerA.cookie, 'Money of her own');
  owner = { cookie: live.cookie, id: live.user.id };
  fundraiserId = live.fundraiser.id;
  const [row] = await db()
    .select({ campaignId: campaigns.id, slug: campaigns.slug })
    .from(fundraisers)
    .innerJoin(campaigns, eq(campaigns.id, fundraisers.campaignId))
    .where(eq(fundraisers.id, fundraiserId));
  ({ campaignId, slug } = row!);
});

beforeEach(async () => {
  await db().delete(rateLimits);
});

const gift = { amount: 75, message: null, paymentMethod: 'Zelle', donorName: 'Ruth B.', isAnonymous: false };
const record = (body: unknown) => postJson(t.app, '/api/admin/add-donation', body, { cookie: managerA.cookie });
const progressOf = async (id: string) => {
  t.app.campaigns.invalidate();
  return (await t.app.inject(`/api/campaigns/${id}/progress`)).json();
};

describe('recording gifts to a fundraiser', () => {
  it('records a gift from the fundraiser’s intent against its campaign, tells its owner, and leaves the main appeal as it was', async () => {
    const intent = await injectFrom(t.app, {
      url: `/api/campaigns/${campaignId}/intents`,
      body: { amount: 75, paymentMethod: 'PayPal', timestamp: '2026-11-25T10:00:00.000Z', donorName: 'Ruth B.' },
    });
    const intents = await t.app.inject({
      url: '/api/admin/donation-intents',
      headers: { cookie: managerA.cookie },
    });
    expect(intents.json().items).toContainEqual(
      expect.objectContaining({ id: intent.json().id, campaignId, fundraiserTitle: 'Money of her own' }),
    );
    const mainBefore = (await t.app.inject('/api/fundraising/progress')).json().currentCents;

    const res = await record({ ...gift, intentId: intent.json().id });
    expect(res.statusCode).toBe(201);
    const [row] = await db().select().from(donations).where(eq(donations.id, res.json().id));
    expect(row!.campaignId).toBe(campaignId);
    expect(await progressOf(campaignId)).toMatchObject({ currentCents: 7_500, donorCount: 1 });
    expect((await t.app.inject('/api/fundraising/progress')).json().currentCents).toBe(mainBefore);
    const told = await db().select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(told).toContainEqual(
      expect.objectContaining({ title: 'A donation was recorded to Money of her own', link: `/fundraisers/${slug}` }),
    );
  });

  it('thanks a donor who left her address for her gift to the fundraiser, linking to its own ledger, not the main appeal’s', async () => {
    const res = await record({ ...gift, campaignId, donorEmail: 'ruth.fundraiser@example.org' });
    expect(res.statusCode).toBe(201);
    const [mail] = await db().select().from(outbox).where(eq(outbox.to, 'ruth.fundraiser@example.org'));
    expect(mail!.subject).toBe('Thank you for your gift to Money of her own');
    expect(mail!.text).toContain(`http://localhost:3000/transparency/${slug}\n`);
    expect(mail!.text).not.toMatch(/\/transparency\n/);
  });

  it('records a gift to the campaign a manager chooses', async () => {
    const res = await record({ ...gift, campaignId, externalReference: 'ZELLE-CHOSEN' });
    expect(res.statusCode).toBe(201);
    const [row] = await db().select().from(donations).where(eq(donations.id, res.json().id));
    expect(row!.campaignId).toBe(campaignId);
  });

  it('refuses a campaign that takes no gifts (404) and an intent of another campaign (400), recording nothing and leaving the intent open', async () => {
    const before = await db().select().from(donations);
    const unknown = await record({ ...gift, campaignId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such campaign takes gifts');

    const mainIntent = await injectFrom(t.app, {
      url: '/api/donation-intent',
      body: { amount: 20, paymentMethod: 'Venmo', timestamp: '2026-11-25T10:00:00.000Z' },
    });
    const mismatch = await record({ ...gift, intentId: mainIntent.json().id, campaignId });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors).toEqual({ campaignId: 'That intent is for another campaign' });
    const [intent] = await db().select().from(donationIntents).where(eq(donationIntents.id, mainIntent.json().id));
    expect(intent!.status).toBe('open');
    expect(await db().select().from(donations)).toHaveLength(before.length);
  });
});

describe('reconciling one fundraiser', () => {
  const read = (url: string) => t.app.inject({ url, headers: { cookie: managerA.cookie } });

  it('lists only its gifts and open intents at ?campaign= (its slug or id), each naming the campaign it is for, and says which campaign the lists show', async () => {
    const intent = await injectFrom(t.app, {
      url: `/api/campaigns/${campaignId}/intents`,
      body: { amount: 31, paymentMethod: 'Venmo', timestamp: '2026-11-25T10:00:00.000Z' },
    });
    await injectFrom(t.app, {
      url: '/api/donation-intent',
      body: { amount: 32, paymentMethod: 'Venmo', timestamp: '2026-11-25T10:00:00.000Z' },
    });
    await record({ ...gift, amount: 33 });
    expect((await record({ ...gift, amount: 34, campaignId })).statusCode).toBe(201);

    const shown = { id: campaignId, slug, fundraiserTitle: 'Money of her own' };
    for (const key of [slug, campaignId]) {
      const gifts = (await read(`/api/admin/donations?campaign=${key}`)).json();
      expect(gifts.campaign).toEqual(shown);
      expect(gifts.total).toBe(
        (await db().select().from(donations).where(eq(donations.campaignId, campaignId))).length,
      );
      expect(gifts.items).toContainEqual(expect.objectContaining({ amountCents: 3_400 }));
      for (const item of gifts.items) expect(item).toMatchObject({ campaignId, fundraiserTitle: 'Money of her own' });
      const intents = (await read(`/api/admin/donation-intents?campaign=${key}`)).json();
      expect(intents.campaign).toEqual(shown);
      expect(intents.items.map((i: { id: string }) => i.id)).toContain(intent.json().id);
      for (const item of intents.items) expect(item).toMatchObject({ campaignId, fundraiserTitle: 'Money of her own' });
    }
    const all = (await read('/api/admin/donations')).json();
    expect(all.campaign).toBeNull();
    expect(all.items.find((i: { amountCents: number }) => i.amountCents === 3_300)).toMatchObject({
      fundraiserTitle: null,
    });
    expect((await read('/api/admin/donation-intents')).json().items).toContainEqual(
      expect.objectContaining({ amountCents: 3_200, fundraiserTitle: null }),
    );
  });

  it('refuses an unknown campaign (404) and one too long to be one (400)', async () => {
    const unknown = await read('/api/admin/donations?campaign=no-such-fundraiser');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No such campaign', code: 'NOT_FOUND' });
    expect((await read(`/api/admin/donation-intents?campaign=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('exports every gift and intent with the address of its campaign', async () => {
    const rows = async (url: string) =>
      (await read(url)).body
        .trim()
        .split('\r\n')
        .map((line) => line.split(','));
    const [header, ...gifts] = await rows('/api/admin/donations.csv');
    expect(header!.at(-1)).toBe('campaign');
    const ours = await db().select().from(donations).where(eq(donations.campaignId, campaignId));
    expect(
      gifts
        .filter((cells) => cells.at(-1) === slug)
        .map((cells) => cells[0])
        .sort(),
    ).toEqual(ours.map((d) => d.id).sort());
    const [intentHeader, ...intents] = await rows('/api/admin/donation-intents.csv');
    expect(intentHeader).toEqual(['id', 'created_at', 'amount', 'payment_method', 'message', 'status', 'campaign']);
    const ourIntents = await db().select().from(donationIntents).where(eq(donationIntents.campaignId, campaignId));
    expect(intents.filter((cells) => cells.at(-1) === slug)).toHaveLength(ourIntents.length);
  });
});

describe('a fundraiser’s expenses', () => {
  it('are paid only to its declared payee: another payee is refused when she submits it', async () => {
    const res = await submitExpense(
      t.app,
      owner.cookie,
      campaignId,
      await expenseForm(t.app, owner.cookie, { payee: 'Someone Else Ltd', amount: 50 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      payee: `This fundraiser pays only its declared payee: ${DECLARED_PAYEE}`,
    });
  });

  it('go from her submission through one manager’s approval and another’s release into its own ledger', async () => {
    const id = await submittedExpense(t.app, owner.cookie, campaignId, {
      payee: DECLARED_PAYEE.toUpperCase(),
      amount: 50,
    });
    // The managers' queue says which campaign pays it.
    const queue = (await t.app.inject({ url: '/api/admin/expenses', headers: { cookie: managerA.cookie } })).json();
    expect(queue.items.find((e: { id: string }) => e.id === id)).toMatchObject({
      campaignId,
      fundraiserTitle: 'Money of her own',
    });
    expect((await decideExpense(t.app, managerA.cookie, id, 'approve')).statusCode).toBe(200);
    expect((await releaseExpense(t.app, managerB.cookie, id)).statusCode).toBe(200);
    const released = await db().select().from(ledgerEntries).where(eq(ledgerEntries.expenseId, id));
    expect(released).toEqual([expect.objectContaining({ kind: 'release', campaignId, amountCents: 5_000 })]);
    t.app.ledgers.invalidate();
    const ledger = (await t.app.inject(`/api/campaigns/${campaignId}/ledger`)).json();
    expect(ledger.totals.releasedCents).toBe(5_000);
  });

  it('is not released once its declared payee changed: 409, nothing leaves the ledger', async () => {
    const id = await submittedExpense(t.app, owner.cookie, campaignId, { payee: DECLARED_PAYEE, amount: 10 });
    expect((await decideExpense(t.app, managerA.cookie, id, 'approve')).statusCode).toBe(200);
    const [row] = await db().select().from(fundraisers).where(eq(fundraisers.id, fundraiserId));
    await db()
      .update(fundraisers)
      .set({ payee: { ...row!.payee!, name: 'North Hospital' } })
      .where(eq(fundraisers.id, fundraiserId));
    try {
      const res = await releaseExpense(t.app, managerB.cookie, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('pays only its declared payee, North Hospital');
      expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.expenseId, id))).toEqual([]);
    } finally {
      await db().update(fundraisers).set({ payee: row!.payee }).where(eq(fundraisers.id, fundraiserId));
    }
  });

  it('cannot be approved or released by the campaign’s owner, even a manager who submitted none of it', async () => {
    const id = await submittedExpense(t.app, owner.cookie, campaignId, { payee: DECLARED_PAYEE, amount: 10 });
    await db().update(campaigns).set({ ownerId: managerB.id }).where(eq(campaigns.id, campaignId));
    try {
      const res = await decideExpense(t.app, managerB.cookie, id, 'approve');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This expense is from your own campaign, so someone else must approve it');
    } finally {
      await db().update(campaigns).set({ ownerId: owner.id }).where(eq(campaigns.id, campaignId));
    }
  });
});
