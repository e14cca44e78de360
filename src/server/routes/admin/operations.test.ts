import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { eq } from 'drizzle-orm';
import { auditLog, donations } from '../../db/schema/index.ts';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith, solveAltcha } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { buildDonation, buildIntent } from '../../../../tests/factories/donations.ts';
import { liveFundraiser, submittedApplication } from '../../../../tests/factories/fundraisers.ts';
import { findCampaign } from '../../services/campaign.ts';

const t = setupTestApp();
const admin: Record<'moderator' | 'manager', string> = { moderator: '', manager: '' };
const adminEmail: Record<'moderator' | 'manager', string> = { moderator: '', manager: '' };

beforeAll(async () => {
  for (const level of ['moderator', 'manager'] as const) {
    const signedIn = await signInAdmin(t.app, t.database.db, level);
    admin[level] = signedIn.cookie;
    adminEmail[level] = signedIn.admin.email;
  }
});

describe('admin dashboard', () => {
  it("shows today's and total raised, donors, open intents with the oldest's age, and the queues", async () => {
    await buildDonation(t.database.db, { amountCents: 2500 });
    await buildDonation(t.database.db, { amountCents: 7500, createdAt: new Date('2020-01-01T00:00:00Z') });
    await buildIntent(t.database.db, { createdAt: new Date('2026-01-01T00:00:00Z') });
    const res = await getWith(t.app, '/api/admin/dashboard', admin.manager);
    expect(res.json()).toMatchObject({
      totalRaisedCents: 10_000,
      todayRaisedCents: 2500,
      donorCount: 2,
      openIntents: 1,
      oldestOpenIntentAt: '2026-01-01T00:00:00.000Z',
      pendingDoctorVerifications: 0,
    });
  });

  it('counts donors as people: one per email address however many gifts, one per gift without one, none voided', async () => {
    const donors = async () => (await getWith(t.app, '/api/admin/dashboard', admin.manager)).json().donorCount;
    const before = await donors();
    for (const donorEmail of ['ana@example.org', 'ANA@example.org', 'ana@example.org', 'bo@example.org'])
      await buildDonation(t.database.db, { donorEmail });
    await buildDonation(t.database.db, { isAnonymous: true });
    await buildDonation(t.database.db, {});
    const voided = await buildDonation(t.database.db, { donorEmail: 'cy@example.org' });
    await t.database.db.update(donations).set({ voidedAt: new Date() }).where(eq(donations.id, voided.id));
    // Ana (three gifts), Bo, and the two gifts that left no address.
    expect((await donors()) - before).toBe(4);
  });

  it('gives a moderator the queues but no money figures (totals, donors, intents)', async () => {
    await buildDonation(t.database.db, { amountCents: 2500 });
    await buildIntent(t.database.db, {});
    const body = (await getWith(t.app, '/api/admin/dashboard', admin.moderator)).json();
    expect(Object.keys(body).sort()).toEqual([
      'failedMail',
      'newContactMessages',
      'notReady',
      'oldestPendingStoryAt',
      'pendingDoctorVerifications',
      'pendingStories',
    ]);
  });

  it('shows managers each live fundraiser’s money from its ledger, most held first, and how many wait for review', async () => {
    const small = await liveFundraiser(t, admin.manager, 'Holding a little');
    const large = await liveFundraiser(t, admin.manager, 'Holding the most');
    await submittedApplication(t);
    const campaignOf = async (slug: string) => (await findCampaign(t.database.db, slug)).id;
    await buildDonation(t.database.db, { campaignId: await campaignOf(small.approved.slug), amountCents: 1_000 });
    await buildDonation(t.database.db, { campaignId: await campaignOf(large.approved.slug), amountCents: 50_000 });
    const { fundraisers } = (await getWith(t.app, '/api/admin/dashboard', admin.manager)).json();
    expect(fundraisers).toMatchObject({ inReview: 1, live: 2 });
    expect(fundraisers.mostHeld).toEqual([
      {
        slug: large.approved.slug,
        title: 'Holding the most',
        goalCents: 945_050,
        raisedCents: 50_000,
        heldCents: 50_000,
        releasedCents: 0,
        donationCount: 1,
      },
      expect.objectContaining({ title: 'Holding a little', heldCents: 1_000 }),
    ]);
  });
});

describe('contact inbox', () => {
  it('lists messages from /contact and marks them handled, with an audit entry', async () => {
    const sent = await postJson(t.app, '/api/contact', {
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Hello',
      message: 'Hi there',
      altcha: await solveAltcha(t.app),
    });
    const id = sent.json().id as string;
    const fresh = await getWith(t.app, '/api/admin/contact-messages?status=new', admin.moderator);
    expect(fresh.json()).toMatchObject({ page: 1, pageSize: ADMIN_LIST_PAGE_SIZE, total: 1 });
    expect(fresh.json().items).toEqual([
      {
        id,
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'Hello',
        message: 'Hi there',
        status: 'new',
        createdAt: expect.any(String),
      },
    ]);
    expect(
      (await postJson(t.app, `/api/admin/contact-messages/${id}/handled`, {}, { cookie: admin.moderator })).statusCode,
    ).toBe(204);
    const handled = await getWith(t.app, '/api/admin/contact-messages?status=handled', admin.moderator);
    expect(handled.json().items[0]).toMatchObject({ id, status: 'handled' });
    expect((await getWith(t.app, '/api/admin/contact-messages?status=new', admin.moderator)).json()).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await getWith(t.app, '/api/admin/dashboard', admin.moderator)).json().newContactMessages).toBe(0);
  });
});

describe('audit log', () => {
  it('is readable and filterable by managers, not by moderators, and has no way to change it', async () => {
    await t.database.db.insert(auditLog).values([
      { action: 'donation.record', targetType: 'donation', targetId: 'd1' },
      { action: 'intent.dismiss', targetType: 'donation_intent', targetId: 'i1' },
    ]);
    expect((await getWith(t.app, '/api/admin/audit-log', admin.moderator)).statusCode).toBe(403);
    const filtered = await getWith(t.app, '/api/admin/audit-log?targetType=donation_intent', admin.manager);
    expect(filtered.json().items.every((r: { targetType: string }) => r.targetType === 'donation_intent')).toBe(true);
    expect(filtered.json().items.length).toBeGreaterThan(0);
    expect(filtered.json().total).toBe(filtered.json().items.length);
    const writes = t.app.accessRules.filter((r) => r.url.startsWith('/api/admin/audit-log') && r.method !== 'GET');
    expect(writes).toEqual([]);
  });

  it('pages: the same filter over two pages, newest first, with the total of all matching entries', async () => {
    const action = 'test.paging';
    const extra = 3;
    await t.database.db.insert(auditLog).values(
      Array.from({ length: ADMIN_LIST_PAGE_SIZE + extra }, (_, i) => ({
        action,
        targetType: 'donation',
        targetId: `p${i}`,
      })),
    );
    const first = (await getWith(t.app, `/api/admin/audit-log?action=${action}`, admin.manager)).json();
    const second = (await getWith(t.app, `/api/admin/audit-log?action=${action}&page=2`, admin.manager)).json();
    expect(first).toMatchObject({ page: 1, pageSize: ADMIN_LIST_PAGE_SIZE, total: ADMIN_LIST_PAGE_SIZE + extra });
    expect(second).toMatchObject({ page: 2, pageSize: ADMIN_LIST_PAGE_SIZE, total: ADMIN_LIST_PAGE_SIZE + extra });
    const ids = [...first.items, ...second.items].map((e: { targetId: string }) => e.targetId);
    expect(ids).toEqual(Array.from({ length: ADMIN_LIST_PAGE_SIZE + extra }, (_, i) => `p${i}`).reverse());
    expect((await getWith(t.app, '/api/admin/audit-log?page=0', admin.manager)).statusCode).toBe(400);
  });

  it("names each entry's actor by email and shows only the entry's own fields", async () => {
    const sent = await postJson(t.app, '/api/contact', {
      name: 'Bo',
      email: 'bo@example.com',
      subject: 'Audit me',
      message: 'Hi',
      altcha: await solveAltcha(t.app),
    });
    const id = sent.json().id as string;
    expect(
      (await postJson(t.app, `/api/admin/contact-messages/${id}/handled`, {}, { cookie: admin.moderator })).statusCode,
    ).toBe(204);
    const res = await getWith(t.app, '/api/admin/audit-log?action=contact.handled', admin.manager);
    expect(res.json()).toMatchObject({ page: 1, pageSize: ADMIN_LIST_PAGE_SIZE, total: res.json().items.length });
    const [entry] = res.json().items; // newest first
    expect(Object.keys(entry).sort()).toEqual([
      'action',
      'actorEmail',
      'actorId',
      'after',
      'before',
      'createdAt',
      'id',
      'ip',
      'targetId',
      'targetType',
    ]);
    expect(entry).toMatchObject({
      action: 'contact.handled',
      actorEmail: adminEmail.moderator,
      targetType: 'contact_message',
      targetId: id,
      before: { status: 'new' },
      after: { status: 'handled' },
    });
    // An entry without an actor (a system write) keeps a null email.
    const system = await getWith(t.app, '/api/admin/audit-log?action=donation.record', admin.manager);
    expect(system.json().items[0]).toMatchObject({ actorId: null, actorEmail: null });
  });
});
