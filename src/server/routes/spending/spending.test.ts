/** Verified spending (issue 6): submitting expenses, separation of duties, approvals and releases. */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  auditLog,
  campaigns,
  expenseApprovals,
  expenses,
  ledgerEntries,
  notifications,
  rateLimits,
} from '../../db/schema/index.ts';
import { setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp, STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { buildDonation } from '../../../../tests/factories/donations.ts';
import {
  decideExpense,
  elevate,
  expenseForm,
  newCampaign,
  PDF,
  releaseExpense,
  spendingCast,
  submitExpense,
  submittedExpense,
  uploadDocument,
  type Person,
} from '../../../../tests/factories/spending.ts';

// Two approvers above $2,000 in this file.
const t = setupTestApp({ env: { EXPENSE_TWO_APPROVERS_ABOVE_USD: '2000' } });

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

const action = (cookie: string, id: string, verb: string, body: Record<string, unknown> = {}) =>
  decideExpense(t.app, cookie, id, verb, body);
const release = (cookie: string, id: string) => releaseExpense(t.app, cookie, id);
/** The public ledger, read afresh (test factories write around the cache). */
async function ledger(id = campaignId) {
  t.app.ledgers.invalidate();
  return (await t.app.inject(`/api/campaigns/${id}/ledger`)).json();
}

/** A submitted expense by the owner; returns its id. */
const ownerExpense = (overrides: Record<string, unknown> = {}, campaign = campaignId) =>
  submittedExpense(t.app, owner.cookie, campaign, overrides);

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

  it('refuses an approval or a release made on a version of the expense another manager has changed since, with 409 and the current version, and moves nothing', async () => {
    await buildDonation(t.database.db, { amountCents: 500_000 });
    const id = await ownerExpense();
    const read = async () =>
      (await getWith(t.app, '/api/admin/expenses?status=submitted', managerA.cookie))
        .json()
        .items.find((e: { id: string }) => e.id === id);
    const opened = await read();
    expect(opened).toMatchObject({ status: 'submitted', version: expect.any(Number) });
    // While she reads it, another manager holds it with a question and takes it off hold.
    expect((await action(managerB.cookie, id, 'hold', { reason: 'Is this the clinic’s invoice?' })).statusCode).toBe(
      200,
    );
    expect((await action(managerB.cookie, id, 'resume')).statusCode).toBe(200);
    const stale = await action(managerA.cookie, id, 'approve', { version: opened.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', currentVersion: opened.version + 2 });
    expect((await read()).approvals).toEqual([]);

    expect((await action(managerA.cookie, id, 'approve')).statusCode).toBe(200);
    const approved = (await getWith(t.app, '/api/admin/expenses?status=approved', managerB.cookie))
      .json()
      .items.find((e: { id: string }) => e.id === id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/expenses/${id}/public-description`,
      payload: { publicDescription: 'Surgeon’s fee, second half' },
      headers: { cookie: managerA.cookie, origin: SITE_ORIGIN },
    });
    const staleRelease = await action(managerB.cookie, id, 'release', {
      method: 'Bank transfer',
      paidOn: '2026-11-10',
      version: approved.version,
    });
    expect(staleRelease.statusCode).toBe(409);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.expenseId, id))).toEqual([]);
    expect((await action(managerB.cookie, id, 'release', { version: undefined })).statusCode).toBe(400);
  });

  it('never lets the person who submitted an expense approve or release it', async () => {
    await buildDonation(t.database.db, { amountCents: 500_000 });
    const res = await submitExpense(t.app, managerA.cookie, campaignId, await expenseForm(t.app, managerA.cookie));
    const id = res.json().id as string;
    // The queue tells each manager whether she may, before she tries.
    const abilitiesOf = async (cookie: string) =>
      ((await getWith(t.app, '/api/admin/expenses', cookie)).json().items as { id: string; abilities: unknown }[]).find(
        (e) => e.id === id,
      )!.abilities;
    const refusedToSubmitter = {
      allowed: false,
      refusal: 'You submitted this expense, so someone else must approve it',
    };
    expect(await abilitiesOf(managerA.cookie)).toEqual({
      approve: refusedToSubmitter,
      release: { allowed: false, refusal: 'You submitted this expense, so someone else must release it' },
    });
    expect(await abilitiesOf(managerB.cookie)).toEqual({
      approve: { allowed: true, refusal: null },
      release: { allowed: true, refusal: null },
    });
    const own = await action(managerA.cookie, id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You submitted this expense, so someone else must approve it');
    expect((await action(managerB.cookie, id, 'approve')).json().status).toBe('approved');
    expect((await release(managerA.cookie, id)).statusCode).toBe(403);
    // The owner (a patient) cannot decide at all.
    expect((await action(owner.cookie, id, 'release')).statusCode).toBe(403);
  });

  it('asks for the password again before approving or releasing, and changes nothing without it', async () => {
    await buildDonation(t.database.db, { amountCents: 500_000 });
    const { cookie } = await signInAdmin(t.app, t.database.db, 'manager');
    const id = await ownerExpense();
    const refused = await action(cookie, id, 'approve');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Re-enter your password to continue', code: 'STEP_UP_REQUIRED' });
    expect(await t.database.db.select().from(expenseApprovals).where(eq(expenseApprovals.expenseId, id))).toEqual([]);
    expect((await getWith(t.app, `/api/expenses/${id}`, owner.cookie)).json()).toMatchObject({
      status: 'submitted',
      approvals: [],
    });

    expect((await action(managerA.cookie, id, 'approve')).json().status).toBe('approved');
    const unpaid = await release(cookie, id);
    expect(unpaid.statusCode).toBe(403);
    expect(unpaid.json().code).toBe('STEP_UP_REQUIRED');
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.expenseId, id))).toEqual([]);
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, id));
    expect(audited.map((a) => a.action).sort()).toEqual(['expense.approve', 'expense.submit']);

    // Once she has re-entered her password, the same manager may.
    expect((await elevate(t.app, cookie)).statusCode).toBe(200);
    expect((await release(cookie, id)).json().status).toBe('released');
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
      feesCents: 0,
      heldCents: 100_000,
      releasedCents: 0,
      refundedCents: 0,
    });
  });
});
