/**
 * "Recent Supporters" from records (issue 16): GET /api/campaigns/:id/supporters (the main appeal's here) lists the five most recent gifts
 * that still stand, with the donor's name and message only when she agreed; the donate page's optional donor
 * fields are stored with the intent and carried over when the gift is recorded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { donationIntents, donations } from '../../db/schema/index.ts';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { buildDonation, MAIN_APPEAL_API } from '../../../../tests/factories/donations.ts';
import { refundDonation } from '../../../../tests/factories/spending.ts';
import { actOnDonation } from '../../../../tests/factories/spending.ts';

const t = setupTestApp();
let manager = '';
let moderator = '';

beforeAll(async () => {
  manager = (await signInAdmin(t.app, t.database.db, 'manager')).cookie;
  moderator = (await signInAdmin(t.app, t.database.db, 'moderator')).cookie;
});

const supporters = async () => {
  const res = await t.app.inject(`${MAIN_APPEAL_API}/supporters`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: Record<string, unknown>[] }).items;
};
const asManager = async (url: string, body: unknown) => {
  await postJson(t.app, '/api/admin/elevate', { password: STRONG_PASSWORD }, { cookie: manager });
  return postJson(t.app, url, body, { cookie: manager });
};
const intent = (extra: Record<string, unknown> = {}) => ({
  amount: 40,
  message: 'Get well soon, Maya',
  paymentMethod: 'PayPal',
  timestamp: new Date().toISOString(),
  ...extra,
});
const intentCount = async () => (await t.database.db.select({ n: count() }).from(donationIntents))[0]!.n;

describe('GET /api/campaigns/:id/supporters of the main appeal', () => {
  it('is empty for the seeded campaign: no invented supporters', async () => {
    expect(await supporters()).toEqual([]);
    expect((await t.app.inject('/api/campaign')).json().content).not.toHaveProperty('supporters');
  });

  it('lists the five most recent gifts, naming a donor and quoting her only when she agreed', async () => {
    const db = t.database.db;
    const day = (n: number) => new Date(Date.UTC(2026, 10, n));
    await buildDonation(db, { donorName: 'Oldest Gift', showPublicly: true, createdAt: day(1) });
    await buildDonation(db, { donorName: 'Did Not Agree', message: 'A private note', createdAt: day(2) });
    await buildDonation(db, {
      donorName: 'Claire D.',
      showPublicly: true,
      amountCents: 10_000,
      currency: 'CAD',
      usdCents: 7300,
      paymentMethod: 'Zelle',
      createdAt: day(3),
    });
    await buildDonation(db, {
      donorName: 'Gave Anonymously',
      isAnonymous: true,
      showPublicly: true,
      createdAt: day(4),
    });
    await buildDonation(db, { donorName: 'Jenna R.', showPublicly: true, message: 'For Maya', createdAt: day(5) });
    await buildDonation(db, { donorName: 'Hidden Note', showPublicly: true, message: 'Spam', createdAt: day(6) });
    const hidden = (await db.select().from(donations).where(eq(donations.donorName, 'Hidden Note')))[0]!;
    await t.database.db
      .update(donations)
      .set({ messageHiddenAt: day(7) })
      .where(eq(donations.id, hidden.id));
    t.app.campaigns.invalidate();

    const items = await supporters();
    expect(items).toEqual([
      {
        name: 'Hidden Note',
        source: 'via PayPal',
        amount: { cents: 5000, currency: 'USD' },
        recordedAt: day(6).toISOString(),
      },
      {
        name: 'Jenna R.',
        source: 'via PayPal',
        amount: { cents: 5000, currency: 'USD' },
        message: 'For Maya',
        recordedAt: day(5).toISOString(),
      },
      {
        name: 'Anonymous',
        source: 'via PayPal',
        amount: { cents: 5000, currency: 'USD' },
        recordedAt: day(4).toISOString(),
      },
      {
        name: 'Claire D.',
        source: 'via Zelle',
        amount: { cents: 10_000, currency: 'CAD' },
        usdEstimateCents: 7300,
        recordedAt: day(3).toISOString(),
      },
      {
        name: 'Anonymous',
        source: 'via PayPal',
        amount: { cents: 5000, currency: 'USD' },
        recordedAt: day(2).toISOString(),
      },
    ]);
  });

  it('shows a gift recorded by an admin at once, and drops it when voided or wholly refunded', async () => {
    const recorded = await asManager('/api/admin/add-donation', {
      amount: 75,
      paymentMethod: 'Venmo',
      donorName: 'Priya S.',
      showPublicly: true,
    });
    expect(recorded.statusCode).toBe(201);
    expect((await supporters())[0]).toMatchObject({ name: 'Priya S.', source: 'via Venmo', amount: { cents: 7500 } });

    const partly = await refundDonation(t.app, manager, recorded.json().id, {
      amount: 25,
      reason: 'Sent twice by mistake',
    });
    expect(partly.statusCode, partly.body).toBe(200);
    expect((await supporters())[0]).toMatchObject({ name: 'Priya S.' });
    await refundDonation(t.app, manager, recorded.json().id, { amount: 50, reason: 'Asked for it back' });
    expect((await supporters()).map((s) => s.name)).not.toContain('Priya S.');

    const second = await asManager('/api/admin/add-donation', {
      amount: 20,
      paymentMethod: 'Venmo',
      donorName: 'Recorded By Mistake',
      showPublicly: true,
    });
    expect((await supporters())[0]).toMatchObject({ name: 'Recorded By Mistake' });
    await postJson(t.app, '/api/admin/elevate', { password: STRONG_PASSWORD }, { cookie: manager });
    await actOnDonation(t.app, manager, second.json().id, 'void', { reason: 'Entered twice' });
    expect((await supporters()).map((s) => s.name)).not.toContain('Recorded By Mistake');
  });

  it("lets a moderator take a donor's message off the wall and put it back", async () => {
    const row = await buildDonation(t.database.db, { donorName: 'Noor', showPublicly: true, message: 'Stay strong' });
    t.app.campaigns.invalidate();
    expect((await supporters())[0]).toMatchObject({ name: 'Noor', message: 'Stay strong' });
    const hide = (hidden: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/donations/${row.id}/message-hidden`,
        payload: { hidden },
        headers: { cookie: moderator, origin: 'http://localhost:3000' },
      });
    expect((await hide(true)).json()).toEqual({ messageHidden: true });
    expect((await supporters())[0]).not.toHaveProperty('message');
    expect((await hide('yes')).statusCode).toBe(400);
    await hide(false);
    expect((await supporters())[0]).toMatchObject({ message: 'Stay strong' });
  });
});

describe("the donor's own details on an intent", () => {
  it('accepts the spec body alone, and stores a name, an email and consent when given', async () => {
    expect((await postJson(t.app, '/api/donation-intent', intent())).statusCode).toBe(201);
    const res = await postJson(
      t.app,
      '/api/donation-intent',
      intent({ donorName: '  Ada L. ', donorEmail: ' Ada@Example.org', showPublicly: true }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(donationIntents).where(eq(donationIntents.id, res.json().id));
    expect(row).toMatchObject({ donorName: 'Ada L.', donorEmail: 'ada@example.org', showPublicly: true });
  });

  it.each([
    ['an invalid email', { donorEmail: 'not-an-email' }, 'donorEmail', 'Please enter a valid email address'],
    ['a name over 100 characters', { donorName: 'x'.repeat(101) }, 'donorName', 'Name must be at most 100 characters'],
    [
      'showPublicly that is not a boolean',
      { showPublicly: 'yes' },
      'showPublicly',
      'Show publicly must be true or false',
    ],
  ])('refuses %s with the field message and writes nothing', async (_what, extra, field, message) => {
    const before = await intentCount();
    const res = await postJson(t.app, '/api/donation-intent', intent(extra));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ [field]: message });
    expect(await intentCount()).toBe(before);
  });

  it('carries them over to the donation recorded from the intent', async () => {
    const created = await postJson(
      t.app,
      '/api/donation-intent',
      intent({ donorName: 'Bea K.', donorEmail: 'bea@example.org', showPublicly: true }),
    );
    const res = await asManager('/api/admin/add-donation', {
      amount: 40,
      paymentMethod: 'PayPal',
      message: 'Get well soon, Maya',
      intentId: created.json().id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ donorName: 'Bea K.', donorEmail: 'bea@example.org', showPublicly: true });
    expect((await supporters())[0]).toMatchObject({ name: 'Bea K.', message: 'Get well soon, Maya' });
  });
});
