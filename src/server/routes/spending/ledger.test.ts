/** The ledger (issue 6): its rules in the database, refunds, donors' refund requests and the public ledger. */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  auditLog,
  donations,
  expenses,
  ledgerBalances,
  ledgerEntries,
  notifications,
  outbox,
  rateLimits,
  refundRequests,
} from '../../db/schema/index.ts';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith, solveAltcha } from '../../../../tests/setup/accounts.ts';
import { buildDonation } from '../../../../tests/factories/donations.ts';
import {
  decideExpense,
  newCampaign,
  refundDonation,
  releaseExpense,
  spendingCast,
  submittedExpense,
  type Person,
  actOnDonation,
} from '../../../../tests/factories/spending.ts';

const t = setupTestApp();

let campaignId = '';
let owner: Person = { cookie: '', id: '' };
let managerA: Person = { cookie: '', id: '' };
let managerB: Person = { cookie: '', id: '' };

beforeAll(async () => {
  ({ campaignId, owner, managerA, managerB } = await spendingCast(t.app, t.database.db));
});

beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const approve = (id: string) => decideExpense(t.app, managerA.cookie, id, 'approve');
const release = (id: string) => releaseExpense(t.app, managerB.cookie, id);
/** The public ledger, read afresh (test factories write around the cache). */
async function ledger(id = campaignId) {
  t.app.ledgers.invalidate();
  return (await t.app.inject(`/api/campaigns/${id}/ledger`)).json();
}

/** A submitted expense by the owner; returns its id. */
const ownerExpense = (overrides: Record<string, unknown> = {}, campaign = campaignId) =>
  submittedExpense(t.app, owner.cookie, campaign, overrides);

/** Everything a refused write must leave as it was: mail, notifications, audit entries and the ledger. */
async function snapshot(campaign: string) {
  const db = t.database.db;
  const n = async (query: PromiseLike<{ n: number }[]>) => (await query)[0]!.n;
  return {
    mail: await n(db.select({ n: count() }).from(outbox)),
    notifications: await n(db.select({ n: count() }).from(notifications)),
    audit: await n(db.select({ n: count() }).from(auditLog)),
    entries: await n(db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.campaignId, campaign))),
    totals: (await ledger(campaign)).totals,
  };
}

const refundRequestForm = {
  name: 'Dana Giver',
  email: 'dana@example.com',
  amount: 50,
  paymentMethod: 'PayPal',
  donatedOn: '2026-11-01',
  reference: 'PP-77',
  reason: 'I gave twice by mistake',
};

describe('the ledger in the database', () => {
  it('keeps every row immutable and the balances derived', async () => {
    const donation = await buildDonation(t.database.db, { amountCents: 1000 });
    const [row] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.donationId, donation.id));
    await expect(
      t.database.db.execute(sql`update ledger_entries set amount_cents = 1 where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_entries where id = ${row!.id}`)).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`update ledger_balances set raised_cents = raised_cents + 100`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`update donations set usd_cents = usd_cents + 1`)).rejects.toThrow();
  });

  it('refuses, whatever code writes it, a row that would make held negative', async () => {
    const campaign = await newCampaign(t.database.db, owner.id);
    const donation = await buildDonation(t.database.db, { campaignId: campaign, amountCents: 10_000 });
    const expense = await ownerExpense({}, campaign);
    await expect(
      t.database.db.insert(ledgerEntries).values({
        campaignId: campaign,
        kind: 'release',
        amountCents: 10_001,
        expenseId: expense,
        costGroup: 'surgery',
      }),
    ).rejects.toThrow();
    // Nor more out of a donation than came in with it, even while the campaign holds enough.
    await buildDonation(t.database.db, { campaignId: campaign, amountCents: 50_000 });
    await expect(
      t.database.db
        .insert(ledgerEntries)
        .values({ campaignId: campaign, kind: 'refund', amountCents: 10_001, donationId: donation.id }),
    ).rejects.toThrow();
    expect((await ledger(campaign)).totals).toEqual({
      raisedCents: 60_000,
      feesCents: 0,
      heldCents: 60_000,
      releasedCents: 0,
      refundedCents: 0,
    });
  });

  it('never lets parallel releases and refunds take held below zero', async () => {
    // $3,000 held; four $1,000 releases and two $1,000 refunds race for it.
    const campaign = await newCampaign(t.database.db, owner.id);
    const donation = await buildDonation(t.database.db, { campaignId: campaign, amountCents: 300_000 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await ownerExpense(
        { amount: 1000, description: `Parallel release number ${i + 1} of four` },
        campaign,
      );
      await approve(id);
      ids.push(id);
    }
    const results = await Promise.all([
      ...ids.map((id) => release(id)),
      refundDonation(t.app, managerB.cookie, donation.id, { amount: 1000, reason: 'Donor asked' }),
      refundDonation(t.app, managerB.cookie, donation.id, { amount: 1000, reason: 'Donor asked again' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    expect((await ledger(campaign)).totals).toMatchObject({ raisedCents: 300_000, heldCents: 0 });
    const [balance] = await t.database.db.select().from(ledgerBalances).where(eq(ledgerBalances.campaignId, campaign));
    expect(balance!.releasedCents + balance!.refundedCents).toBe(300_000);
  });
});

describe('refunds', () => {
  it('records full and partial refunds up to what the donation had, and audits them', async () => {
    const donation = await buildDonation(t.database.db, { amountCents: 10_000 });
    const refund = (amount: number) =>
      refundDonation(t.app, managerA.cookie, donation.id, { amount, reason: 'Charged twice' });
    expect((await refund(40)).json()).toEqual({ donationId: donation.id, refundedCents: 4000, remainingCents: 6000 });
    const tooMuch = await refund(60.01);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      fieldErrors: { amount: 'At most $60.00 of this donation can still be refunded' },
      message: 'At most $60.00 of this donation can still be refunded',
    });
    expect((await refund(60)).json().remainingCents).toBe(0);
    expect((await refund(1)).json().message).toBe('This donation has been refunded in full');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, donation.id), eq(auditLog.action, 'donation.refund')));
    expect(entry).toBeDefined();
    // A refunded donation cannot then be voided (it would count the money out twice).
    expect((await actOnDonation(t.app, managerA.cookie, donation.id, 'void', { reason: 'mistake' })).statusCode).toBe(
      409,
    );
    // The donations list shows what was refunded.
    const list = (await getWith(t.app, '/api/admin/donations', managerA.cookie)).json() as {
      items: { id: string; refundedCents: number }[];
    };
    expect(list.items.find((d) => d.id === donation.id)?.refundedCents).toBe(10_000);
  });

  it('takes a donor request through the public form into the queue, and answers it', async () => {
    const form = refundRequestForm;
    const bad = await postJson(t.app, '/api/refund-requests', {
      ...form,
      altcha: await solveAltcha(t.app),
      reason: '',
    });
    expect(bad.statusCode).toBe(400);
    const res = await postJson(t.app, '/api/refund-requests', { ...form, altcha: await solveAltcha(t.app) });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'dana@example.com'));
    expect(mail?.subject).toContain('We received your refund request');
    const queue = (await getWith(t.app, '/api/admin/refund-requests', managerA.cookie)).json();
    expect(queue.items.find((r: { id: string }) => r.id === res.json().id)).toMatchObject({
      status: 'open',
      amountCents: 5000,
      age: { window: 'disputes', late: false },
    });
    expect((await getWith(t.app, '/api/admin/refund-requests', owner.cookie)).statusCode).toBe(403);

    // Answered by a refund of the matching donation, which marks the request refunded.
    const donation = await buildDonation(t.database.db, {
      amountCents: 5000,
      paymentMethod: 'PayPal',
      externalReference: 'PP-77',
    });
    const refunded = await refundDonation(t.app, managerA.cookie, donation.id, {
      amount: 50,
      reason: 'Duplicate gift',
      refundRequestId: res.json().id,
    });
    expect(refunded.statusCode).toBe(200);
    const [request] = await t.database.db.select().from(refundRequests).where(eq(refundRequests.id, res.json().id));
    expect(request).toMatchObject({ status: 'refunded', donationId: donation.id });
    // The donor hears the answer, once the refund committed.
    const answers = async () =>
      (await t.database.db.select().from(outbox).where(eq(outbox.to, form.email)).orderBy(outbox.createdAt))
        .filter((m) => m.subject.startsWith('Your refund request'))
        .map((m) => m.text);
    expect(await answers()).toEqual([expect.stringContaining('Your refund of $50.00 has been recorded')]);
    expect(
      (
        await postJson(
          t.app,
          `/api/admin/refund-requests/${request!.id}/decline`,
          { reason: 'late' },
          { cookie: managerA.cookie },
        )
      ).statusCode,
    ).toBe(409);

    const another = await postJson(t.app, '/api/refund-requests', { ...form, altcha: await solveAltcha(t.app) });
    const declined = await postJson(
      t.app,
      `/api/admin/refund-requests/${another.json().id}/decline`,
      { reason: 'We found no such gift' },
      { cookie: managerA.cookie },
    );
    expect(declined.json()).toMatchObject({ status: 'declined', decisionNote: 'We found no such gift' });
    expect(await answers()).toEqual([
      expect.stringContaining('Your refund of $50.00 has been recorded'),
      expect.stringContaining('We found no such gift'),
    ]);
  });

  it('sends nothing, stores nothing and moves no money when the ledger refuses a release or a refund', async () => {
    // $1,000 came in and went out again: the campaign holds nothing.
    const campaign = await newCampaign(t.database.db, owner.id);
    const donation = await buildDonation(t.database.db, { campaignId: campaign, amountCents: 100_000 });
    const paid = await ownerExpense({ amount: 1000 }, campaign);
    await approve(paid);
    const mailBefore = (await snapshot(campaign)).mail;
    expect((await release(paid)).statusCode).toBe(200);
    // A release that commits mails the owner (she allows notification email) ...
    expect((await snapshot(campaign)).mail).toBe(mailBefore + 1);

    const unpaid = await ownerExpense({ amount: 10 }, campaign);
    await approve(unpaid);
    const asked = await postJson(t.app, '/api/refund-requests', {
      ...refundRequestForm,
      email: 'rolled.back@example.com',
      altcha: await solveAltcha(t.app),
    });
    expect(asked.statusCode).toBe(201);
    const before = await snapshot(campaign);

    // ... one the ledger refuses does not, nor does a refund that would have answered a donor's request.
    const refused = await release(unpaid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Only $0.00 is held, less than this expense's $10.00; it cannot be released yet",
    );
    const refund = await refundDonation(t.app, managerB.cookie, donation.id, {
      amount: 10,
      reason: 'The donor asked',
      refundRequestId: asked.json().id,
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toBe(
      'Only $0.00 is held; money already released to expenses cannot be refunded from the campaign',
    );

    expect(await snapshot(campaign)).toEqual(before);
    expect(before.totals).toEqual({
      raisedCents: 100_000,
      feesCents: 0,
      heldCents: 0,
      releasedCents: 100_000,
      refundedCents: 0,
    });
    const [request] = await t.database.db.select().from(refundRequests).where(eq(refundRequests.id, asked.json().id));
    expect(request).toMatchObject({ status: 'open', donationId: null, decidedBy: null });
    expect((await getWith(t.app, `/api/expenses/${unpaid}`, owner.cookie)).json().status).toBe('approved');
  });
});

describe('the public ledger', () => {
  it('equals the sums of the underlying rows, and names only donors who agreed, with no documents or payees', async () => {
    await buildDonation(t.database.db, { amountCents: 2500, donorName: 'Secret Person', isAnonymous: true });
    await buildDonation(t.database.db, { amountCents: 2500, donorName: 'Did Not Agree' });
    await buildDonation(t.database.db, { amountCents: 2500, donorName: 'Open Person', showPublicly: true });
    const body = await ledger();
    const sums = await t.database.db
      .select({ kind: ledgerEntries.kind, total: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.campaignId, campaignId))
      .groupBy(ledgerEntries.kind);
    const of = (kind: string) => Number(sums.find((s) => s.kind === kind)?.total ?? 0);
    expect(body.totals).toEqual({
      raisedCents: of('donation') - of('donation_void'),
      feesCents: of('fee') - of('fee_void'),
      releasedCents: of('release'),
      refundedCents: of('refund'),
      heldCents: of('donation') - of('donation_void') - of('fee') + of('fee_void') - of('release') - of('refund'),
    });
    const [live] = await t.database.db
      .select({ total: sql<string>`sum(usd_cents)`, n: count() })
      .from(donations)
      .where(and(eq(donations.campaignId, campaignId), sql`voided_at is null`));
    expect(body.totals.raisedCents).toBe(Number(live!.total));
    expect(body.donationCount).toBe(live!.n);
    const releasedExpenses = await t.database.db
      .select({ total: sql<string>`sum(usd_cents)` })
      .from(expenses)
      .where(and(eq(expenses.campaignId, campaignId), eq(expenses.status, 'released')));
    expect(body.releases.reduce((s: number, r: { amountCents: number }) => s + r.amountCents, 0)).toBe(
      Number(releasedExpenses[0]!.total),
    );
    expect(body.groups.map((g: { key: string }) => g.key)).toEqual(['pre-op', 'surgery', 'post-op', 'travel']);
    expect(body.groups.reduce((s: number, g: { releasedCents: number }) => s + g.releasedCents, 0)).toBe(
      body.totals.releasedCents,
    );
    const text = JSON.stringify(body);
    expect(text).not.toContain('Riverside Surgical Center');
    expect(text).not.toContain('/api/uploads/');
    expect(text).not.toContain('Secret Person');
    expect(text).not.toContain('Did Not Agree');
    expect(text).toContain('Open Person');
    // The page uses the campaign's slug.
    const slug = (await t.app.inject('/api/campaign')).json().content.slug as string;
    expect((await t.app.inject(`/api/campaigns/${slug}/ledger`)).json().totals).toEqual(body.totals);
    expect((await t.app.inject('/api/campaigns/no-such-campaign/ledger')).statusCode).toBe(404);
  });

  it("tells the campaign's owner when a donation is recorded to it", async () => {
    const res = await postJson(
      t.app,
      '/api/admin/add-donation',
      { amount: 75, paymentMethod: 'Zelle', donorName: 'Mina K.', isAnonymous: false },
      { cookie: managerA.cookie },
    );
    expect(res.statusCode).toBe(201);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'donation_recorded')));
    expect(told).toEqual([
      expect.objectContaining({ title: 'A donation was recorded to your campaign', body: '$75.00 from Mina K.' }),
    ]);
  });
});
