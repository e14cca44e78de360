/** Verified spending (issue 6): expenses, separation of duties, releases, refunds, and the public ledger. */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  auditLog,
  campaigns,
  donations,
  expenses,
  ledgerBalances,
  ledgerEntries,
  notifications,
  outbox,
  rateLimits,
  refundRequests,
} from '../../db/schema/index.ts';
import { postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp, solveAltcha, STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { buildDonation } from '../../../../tests/factories/donations.ts';
import {
  expenseForm,
  makeCampaignOwner,
  newCampaign,
  PDF,
  submitExpense,
  uploadDocument,
} from '../../../../tests/factories/spending.ts';

// Two approvers above $2,000 in this file.
const t = setupTestApp({ env: { EXPENSE_TWO_APPROVERS_ABOVE_USD: '2000' } });

let campaignId = '';
let owner = { cookie: '', id: '' };
let managerA = { cookie: '', id: '' };
let managerB = { cookie: '', id: '' };

beforeAll(async () => {
  const patient = await signUp(t.app, { role: 'patient' });
  owner = { cookie: patient.cookie, id: patient.user.id };
  campaignId = await makeCampaignOwner(t.database.db, owner.id);
  for (const slot of ['A', 'B'] as const) {
    const { admin, cookie } = await signInAdmin(t.app, t.database.db, 'manager');
    if (slot === 'A') managerA = { cookie, id: admin.id };
    else managerB = { cookie, id: admin.id };
  }
});

beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const action = (cookie: string, id: string, verb: string, body: unknown = {}) =>
  postJson(t.app, `/api/admin/expenses/${id}/${verb}`, body, { cookie });
const release = (cookie: string, id: string) =>
  action(cookie, id, 'release', { method: 'Bank transfer', reference: 'TX-1', paidOn: '2026-11-10' });
/** The public ledger, read afresh (test factories write around the cache). */
async function ledger(id = campaignId) {
  t.app.ledgers.invalidate();
  return (await t.app.inject(`/api/campaigns/${id}/ledger`)).json();
}

/** A submitted expense by the owner; returns its id. */
async function ownerExpense(overrides: Record<string, unknown> = {}, campaign = campaignId) {
  const res = await submitExpense(t.app, owner.cookie, campaign, await expenseForm(t.app, owner.cookie, overrides));
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

describe('submitting an expense', () => {
  it("lets the campaign's owner submit one with a receipt, tells the managers, and audits it", async () => {
    const res = await submitExpense(t.app, owner.cookie, campaignId, await expenseForm(t.app, owner.cookie));
    expect(res.statusCode).toBe(201);
    const expense = res.json();
    expect(expense).toMatchObject({
      status: 'submitted',
      usdCents: 120_000,
      requiredApprovals: 1,
      costGroup: 'surgery',
      age: { window: 'review', late: false },
    });
    expect(expense.documents).toHaveLength(1);
    const queued = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, managerA.id), eq(notifications.type, 'admin_queue')));
    expect(queued.some((n) => n.link === '/admin-expenses')).toBe(true);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, expense.id));
    expect(entry).toMatchObject({ action: 'expense.submit', actorId: owner.id });
  });

  it('refuses other people, and bad input with a message at the field, writing nothing', async () => {
    const stranger = await signUp(t.app, { role: 'patient' });
    expect((await uploadDocument(t.app, stranger.cookie)).statusCode).toBe(403);
    const refused = await submitExpense(t.app, stranger.cookie, campaignId, await expenseForm(t.app, owner.cookie));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only the campaign's owner and its managers can see and submit its expenses");
    expect((await submitExpense(t.app, '', campaignId, {})).statusCode).toBe(401);
    const [before] = await t.database.db.select({ n: count() }).from(expenses);
    const form = await expenseForm(t.app, owner.cookie);
    const cases: [Record<string, unknown>, string][] = [
      [{ documentIds: [] }, 'documentIds'],
      [{ amount: -5 }, 'amount'],
      [{ amount: 10.005 }, 'amount'],
      [{ currency: 'CAD' }, 'usdAmount'],
      [{ incurredOn: '2999-01-01' }, 'incurredOn'],
      [{ costGroup: 'holiday' }, 'costGroup'],
      [{ description: 'short' }, 'description'],
    ];
    for (const [change, field] of cases) {
      const res = await submitExpense(t.app, owner.cookie, campaignId, { ...form, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty([field]);
    }
    // Someone else's upload cannot be attached.
    const theirs = (await uploadDocument(t.app, managerA.cookie)).json().id as string;
    const borrowed = await submitExpense(t.app, owner.cookie, campaignId, { ...form, documentIds: [theirs] });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().fieldErrors).toHaveProperty(['documentIds']);
    const [after] = await t.database.db.select({ n: count() }).from(expenses);
    expect(after!.n).toBe(before!.n);
  });

  it('judges documents by their bytes and caps their size', async () => {
    expect((await uploadDocument(t.app, owner.cookie, PDF)).json().contentType).toBe('application/pdf');
    const renamed = await uploadDocument(t.app, owner.cookie, Buffer.from('<script>alert(1)</script>'), 'invoice.pdf');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe('The document must be a PDF or a PNG, JPEG or WebP image');
    const huge = await uploadDocument(t.app, owner.cookie, Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
  });

  it('serves documents only to the uploader, the owner and managers', async () => {
    const id = await ownerExpense();
    const expense = (await getWith(t.app, `/api/expenses/${id}`, owner.cookie)).json();
    const url = expense.documents[0].url as string;
    for (const cookie of [owner.cookie, managerA.cookie]) {
      const res = await getWith(t.app, url, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(PDF)).toBe(true);
    }
    const moderator = await signInAdmin(t.app, t.database.db, 'moderator');
    const stranger = await signUp(t.app, { role: 'donor' });
    for (const cookie of ['', stranger.cookie, moderator.cookie]) {
      expect((await getWith(t.app, url, cookie)).statusCode).toBe(404);
      expect((await getWith(t.app, `/api/expenses/${id}`, cookie)).statusCode).toBe(cookie ? 404 : 401);
    }
    expect((await getWith(t.app, `/api/campaigns/${campaignId}/expenses`, stranger.cookie)).statusCode).toBe(403);
    expect((await getWith(t.app, `/api/campaigns/${campaignId}/expenses`, owner.cookie)).json().total).toBeGreaterThan(
      0,
    );
  });

  it("keeps an expense's documents as records when its submitter deletes their account", async () => {
    const patient = await signUp(t.app, { role: 'patient' });
    const campaign = await newCampaign(t.database.db, patient.user.id);
    const res = await submitExpense(t.app, patient.cookie, campaign, await expenseForm(t.app, patient.cookie));
    const document = res.json().documents[0].url as string;
    // An admin moves the campaign to someone else first: its owner cannot delete her account.
    await t.database.db.update(campaigns).set({ ownerId: owner.id }).where(eq(campaigns.id, campaign));
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: STRONG_PASSWORD },
      headers: { cookie: patient.cookie, origin: SITE_ORIGIN },
    });
    expect(gone.statusCode).toBe(204);
    const kept = (await getWith(t.app, `/api/expenses/${res.json().id}`, managerA.cookie)).json();
    expect(kept).toMatchObject({ submittedBy: null, documents: [{ url: document }] });
    expect((await getWith(t.app, document, managerA.cookie)).statusCode).toBe(200);
  });
});

describe('approving and releasing', () => {
  it('moves submitted -> approved -> released, writes one release row, and tells the owner at each step', async () => {
    await buildDonation(t.database.db, { amountCents: 500_000 });
    const id = await ownerExpense();
    const approved = await action(managerA.cookie, id, 'approve');
    expect(approved.json()).toMatchObject({
      status: 'approved',
      approvals: [{ approverId: managerA.id }],
      age: { window: 'release' },
    });
    const released = await release(managerB.cookie, id);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({
      status: 'released',
      release: { method: 'Bank transfer', paidOn: '2026-11-10' },
    });
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.expenseId, id));
    expect(rows).toEqual([expect.objectContaining({ kind: 'release', amountCents: 120_000, costGroup: 'surgery' })]);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'expense_update')));
    expect(told.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Your expense was approved', 'Your expense was paid']),
    );
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['expense.submit', 'expense.approve', 'expense.release']),
    );
    // Released once only.
    expect((await release(managerB.cookie, id)).statusCode).toBe(409);
  });

  it('never lets the person who submitted an expense approve or release it', async () => {
    await buildDonation(t.database.db, { amountCents: 500_000 });
    const res = await submitExpense(t.app, managerA.cookie, campaignId, await expenseForm(t.app, managerA.cookie));
    const id = res.json().id as string;
    const own = await action(managerA.cookie, id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You submitted this expense, so someone else must approve it');
    expect((await action(managerB.cookie, id, 'approve')).json().status).toBe('approved');
    expect((await release(managerA.cookie, id)).statusCode).toBe(403);
    // The owner (a patient) cannot decide at all.
    expect((await action(owner.cookie, id, 'release')).statusCode).toBe(403);
  });

  it('needs two different approvers above the threshold', async () => {
    const id = await ownerExpense({ amount: 2000.01 });
    const first = await action(managerA.cookie, id, 'approve');
    expect(first.json()).toMatchObject({
      status: 'submitted',
      requiredApprovals: 2,
      approvals: [{ approverId: managerA.id }],
    });
    const again = await action(managerA.cookie, id, 'approve');
    expect(again.statusCode).toBe(409);
    expect((await release(managerB.cookie, id)).statusCode).toBe(409);
    expect((await action(managerB.cookie, id, 'approve')).json().status).toBe('approved');
    // At the threshold itself one approver is enough.
    const atThreshold = await ownerExpense({ amount: 2000 });
    expect((await action(managerA.cookie, atThreshold, 'approve')).json().status).toBe('approved');
  });

  it('rejects and holds with a reason, resumes, and refuses moves the state machine does not allow', async () => {
    const held = await ownerExpense();
    expect((await action(managerA.cookie, held, 'hold', { reason: '' })).statusCode).toBe(400);
    expect((await action(managerA.cookie, held, 'hold', { reason: 'The invoice is unreadable' })).json()).toMatchObject(
      { status: 'on_hold', statusReason: 'The invoice is unreadable' },
    );
    expect((await action(managerA.cookie, held, 'approve')).statusCode).toBe(409);
    expect((await action(managerA.cookie, held, 'resume')).json().status).toBe('submitted');
    const rejected = await action(managerB.cookie, held, 'reject', { reason: 'Not a medical cost' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', statusReason: 'Not a medical cost' });
    for (const verb of ['approve', 'resume', 'release', 'hold']) {
      expect(
        (
          await action(
            managerA.cookie,
            held,
            verb,
            verb === 'hold' ? { reason: 'again' } : verb === 'release' ? { method: 'x1', paidOn: '2026-11-01' } : {},
          )
        ).statusCode,
      ).toBe(409);
    }
    expect((await action(managerA.cookie, '00000000-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(404);
    expect((await action(managerA.cookie, 'not-an-id', 'approve')).statusCode).toBe(400);
  });

  it('refuses a release beyond what is held and writes nothing', async () => {
    const campaign = await newCampaign(t.database.db, owner.id);
    await buildDonation(t.database.db, { campaignId: campaign, amountCents: 100_000 });
    const id = await ownerExpense({ amount: 1000.01 }, campaign);
    await action(managerA.cookie, id, 'approve');
    const res = await release(managerB.cookie, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Only $1,000.00 is held, less than this expense's $1,000.01; it cannot be released yet",
    );
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.expenseId, id))).toEqual([]);
    expect((await getWith(t.app, `/api/expenses/${id}`, owner.cookie)).json().status).toBe('approved');
    expect((await ledger(campaign)).totals).toEqual({
      raisedCents: 100_000,
      heldCents: 100_000,
      releasedCents: 0,
      refundedCents: 0,
    });
  });
});

describe('the ledger in the database', () => {
  it('keeps every row immutable and the balances derived', async () => {
    const [row] = await t.database.db.select().from(ledgerEntries).limit(1);
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
      await action(managerA.cookie, id, 'approve');
      ids.push(id);
    }
    await postJson(t.app, '/api/admin/elevate', { password: STRONG_PASSWORD }, { cookie: managerB.cookie });
    const results = await Promise.all([
      ...ids.map((id) => release(managerB.cookie, id)),
      postJson(
        t.app,
        `/api/admin/donations/${donation.id}/refund`,
        { amount: 1000, reason: 'Donor asked' },
        { cookie: managerB.cookie },
      ),
      postJson(
        t.app,
        `/api/admin/donations/${donation.id}/refund`,
        { amount: 1000, reason: 'Donor asked again' },
        { cookie: managerB.cookie },
      ),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    expect((await ledger(campaign)).totals).toMatchObject({ raisedCents: 300_000, heldCents: 0 });
    const [balance] = await t.database.db.select().from(ledgerBalances).where(eq(ledgerBalances.campaignId, campaign));
    expect(balance!.releasedCents + balance!.refundedCents).toBe(300_000);
  });
});

describe('refunds', () => {
  it('records full and partial refunds up to what the donation had, and audits them', async () => {
    await postJson(t.app, '/api/admin/elevate', { password: STRONG_PASSWORD }, { cookie: managerA.cookie });
    const donation = await buildDonation(t.database.db, { amountCents: 10_000 });
    const refund = (amount: number) =>
      postJson(
        t.app,
        `/api/admin/donations/${donation.id}/refund`,
        { amount, reason: 'Charged twice' },
        { cookie: managerA.cookie },
      );
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
    expect(
      (
        await postJson(
          t.app,
          `/api/admin/donations/${donation.id}/void`,
          { reason: 'mistake' },
          { cookie: managerA.cookie },
        )
      ).statusCode,
    ).toBe(409);
    // The donations list shows what was refunded.
    const list = (await getWith(t.app, '/api/admin/donations', managerA.cookie)).json() as {
      id: string;
      refundedCents: number;
    }[];
    expect(list.find((d) => d.id === donation.id)?.refundedCents).toBe(10_000);
  });

  it('takes a donor request through the public form into the queue, and answers it', async () => {
    const form = {
      name: 'Dana Giver',
      email: 'dana@example.com',
      amount: 50,
      paymentMethod: 'PayPal',
      donatedOn: '2026-11-01',
      reference: 'PP-77',
      reason: 'I gave twice by mistake',
    };
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
    await postJson(t.app, '/api/admin/elevate', { password: STRONG_PASSWORD }, { cookie: managerA.cookie });
    const donation = await buildDonation(t.database.db, {
      amountCents: 5000,
      paymentMethod: 'PayPal',
      externalReference: 'PP-77',
    });
    const refunded = await postJson(
      t.app,
      `/api/admin/donations/${donation.id}/refund`,
      { amount: 50, reason: 'Duplicate gift', refundRequestId: res.json().id },
      { cookie: managerA.cookie },
    );
    expect(refunded.statusCode).toBe(200);
    const [request] = await t.database.db.select().from(refundRequests).where(eq(refundRequests.id, res.json().id));
    expect(request).toMatchObject({ status: 'refunded', donationId: donation.id });
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
  });
});

describe('the public ledger', () => {
  it("equals the sums of the underlying rows, and shows amounts but no documents, payees or anonymous donors' names", async () => {
    await buildDonation(t.database.db, { amountCents: 2500, donorName: 'Secret Person', isAnonymous: true });
    await buildDonation(t.database.db, { amountCents: 2500, donorName: 'Open Person' });
    const body = await ledger();
    const sums = await t.database.db
      .select({ kind: ledgerEntries.kind, total: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.campaignId, campaignId))
      .groupBy(ledgerEntries.kind);
    const of = (kind: string) => Number(sums.find((s) => s.kind === kind)?.total ?? 0);
    expect(body.totals).toEqual({
      raisedCents: of('donation') - of('donation_void'),
      releasedCents: of('release'),
      refundedCents: of('refund'),
      heldCents: of('donation') - of('donation_void') - of('release') - of('refund'),
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
    expect(text).toContain('Open Person');
    // The page uses the campaign's slug.
    const slug = (await t.app.inject('/api/campaign')).json().content.slug as string;
    expect((await t.app.inject(`/api/campaigns/${slug}/ledger`)).json().totals).toEqual(body.totals);
    expect((await t.app.inject('/api/campaigns/no-such-campaign/ledger')).statusCode).toBe(404);
  });

  it("tells the campaign's owner when a donation is recorded to it", async () => {
    await postJson(t.app, '/api/admin/elevate', { password: STRONG_PASSWORD }, { cookie: managerA.cookie });
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
