/** The public ledger says about an expense only what a manager approved for publication (issue 13). */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Ledger } from '#shared/schemas/spending.ts';
import { auditLog, rateLimits } from '../../db/schema/index.ts';
import { setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { signUp } from '../../../../tests/setup/accounts.ts';
import { buildDonation } from '../../../../tests/factories/donations.ts';
import {
  decideExpense,
  expenseForm,
  makeCampaignOwner,
  steppedUpManager,
  submitExpense,
} from '../../../../tests/factories/spending.ts';

const t = setupTestApp();

const PRIVATE = 'Deposit for my excision surgery; my stage IV endometriosis needs a second surgeon';
let campaignId = '';
let owner = '';
let managerA = '';
let managerB = '';

beforeAll(async () => {
  const patient = await signUp(t.app, { role: 'patient' });
  owner = patient.cookie;
  campaignId = await makeCampaignOwner(t.database.db, t.app.campaigns, patient.user.id);
  // Approving and releasing need the password re-entered (step-up).
  managerA = (await steppedUpManager(t.app, t.database.db)).cookie;
  managerB = (await steppedUpManager(t.app, t.database.db)).cookie;
  await buildDonation(t.database.db, { amountCents: 1_000_000 });
});

beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const act = (id: string, verb: string, body: Record<string, unknown> = {}) =>
  decideExpense(t.app, verb === 'release' ? managerB : managerA, id, verb, body);

/** Submits, approves (with what the body says) and releases an expense; returns its id. */
async function releasedExpense(approveBody: Record<string, unknown> = {}) {
  const res = await submitExpense(t.app, owner, campaignId, await expenseForm(t.app, owner, { description: PRIVATE }));
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  const approved = await act(id, 'approve', approveBody);
  expect(approved.statusCode).toBe(200);
  expect((await act(id, 'release', { method: 'Bank transfer', paidOn: '2026-11-10' })).statusCode).toBe(200);
  return id;
}

const putPublicDescription = (id: string, body: unknown, cookie = managerA) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/expenses/${id}/public-description`,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: SITE_ORIGIN, cookie },
  });

async function ledgerRelease(id: string) {
  t.app.ledgers.invalidate();
  const res = await t.app.inject(`/api/campaigns/${campaignId}/ledger`);
  expect(JSON.stringify(res.json())).not.toContain(PRIVATE);
  return (res.json() as Ledger).releases.find((r) => r.expenseId === id);
}

describe('the public ledger and expense descriptions', () => {
  it('shows no description for a released expense approved without a public one, but still its group and payee category', async () => {
    const id = await releasedExpense();
    expect(await ledgerRelease(id)).toMatchObject({
      costGroup: 'surgery',
      payeeCategory: 'Hospital or clinic',
      description: null,
    });
  });

  it('shows exactly the public description a manager gave when approving, and audits it', async () => {
    const id = await releasedExpense({ publicDescription: '  Surgery deposit  ' });
    expect((await ledgerRelease(id))?.description).toBe('Surgery deposit');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'expense.approve')));
    expect(JSON.stringify(entry!.after)).toContain('Surgery deposit');
  });

  it('lets a manager edit the public description after release, audited, and clear it', async () => {
    const id = await releasedExpense();
    const edited = await putPublicDescription(id, { publicDescription: 'Operating room deposit' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ publicDescription: 'Operating room deposit', description: PRIVATE });
    expect((await ledgerRelease(id))?.description).toBe('Operating room deposit');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'expense.public_description')));
    expect(entry).toBeDefined();
    expect((await putPublicDescription(id, { publicDescription: '' })).statusCode).toBe(200);
    expect((await ledgerRelease(id))?.description).toBeNull();
  });

  it('refuses a public description over 300 characters with a message at the field, writing nothing', async () => {
    const res = await submitExpense(
      t.app,
      owner,
      campaignId,
      await expenseForm(t.app, owner, { description: PRIVATE }),
    );
    const id = res.json().id as string;
    const refused = await act(id, 'approve', { publicDescription: 'x'.repeat(301) });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('at most 300 characters');
    const view = await t.app.inject({ url: `/api/expenses/${id}`, headers: { cookie: owner } });
    expect(view.json()).toMatchObject({ status: 'submitted', approvals: [], publicDescription: null });
    expect((await putPublicDescription(id, { publicDescription: 'Mine' }, owner)).statusCode).toBe(403);
  });
});
