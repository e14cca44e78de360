/** Issue 13: an address links other people's records only once confirmed; the campaign owner keeps her account. */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OWNER_CANNOT_DELETE_ACCOUNT } from '#shared/account-messages.ts';
import { postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp, solveAltcha, STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';
import { makeCampaignOwner } from '../../../../tests/factories/spending.ts';
import { campaigns, contactMessages, rateLimits, refundRequests, users } from '../../db/schema/index.ts';

const t = setupTestApp();

beforeEach(() => t.database.db.delete(rateLimits));

const deleteMe = (cookie: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/user', payload: { password: STRONG_PASSWORD }, headers: { cookie, origin: SITE_ORIGIN } });

/** What the real owner of an address sends before anyone has an account with it. */
async function sendAsOwnerOf(email: string) {
  const contact = await postJson(t.app, '/api/contact', { name: 'Real Owner', email, subject: 'About my surgery', message: 'Private words from the real owner', altcha: await solveAltcha(t.app) });
  expect(contact.statusCode).toBe(201);
  const refund = { name: 'Real Owner', email, amount: 50, paymentMethod: 'PayPal', donatedOn: '2026-11-01', reason: 'I gave twice by mistake, the real owner says' };
  const asked = await postJson(t.app, '/api/refund-requests', { ...refund, altcha: await solveAltcha(t.app) });
  expect(asked.statusCode).toBe(201);
}

describe('records linked by email address', () => {
  it("never shows someone else's contact messages or refund requests to an account whose address is unconfirmed", async () => {
    const email = `victim.${Date.now()}@example.com`;
    await sendAsOwnerOf(email);
    const squatter = await signUp(t.app, { email });
    const res = await getWith(t.app, '/api/user/export', squatter.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('real owner');
    expect(res.json().byVerifiedEmail).toMatchObject({ linkedBy: 'verified email', email: null, contactMessages: [], refundRequests: [] });
  });

  it("leaves someone else's messages and refund requests untouched when an unconfirmed account with their address is deleted", async () => {
    const email = `victim2.${Date.now()}@example.com`;
    await sendAsOwnerOf(email);
    const squatter = await signUp(t.app, { email });
    expect((await deleteMe(squatter.cookie)).statusCode).toBe(204);
    expect(await t.database.db.select({ name: contactMessages.name, email: contactMessages.email }).from(contactMessages).where(eq(contactMessages.email, email))).toEqual([{ name: 'Real Owner', email }]);
    expect(await t.database.db.select({ name: refundRequests.name, email: refundRequests.email }).from(refundRequests).where(eq(refundRequests.email, email))).toEqual([{ name: 'Real Owner', email }]);
  });

  it('shows them, marked as linked by verified email, once the account has confirmed the address', async () => {
    const email = `owner.${Date.now()}@example.com`;
    await sendAsOwnerOf(email);
    const owner = await signUp(t.app, { email });
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.user.id));
    const linked = (await getWith(t.app, '/api/user/export', owner.cookie)).json().byVerifiedEmail;
    expect(linked).toMatchObject({ linkedBy: 'verified email', email, contactMessages: [{ message: 'Private words from the real owner' }], refundRequests: [{ reason: 'I gave twice by mistake, the real owner says' }] });
  });
});

describe('the campaign owner and her account', () => {
  it('cannot delete it while she owns the campaign: 409 saying an admin must move ownership first, and nothing is deleted', async () => {
    const owner = await signUp(t.app, { role: 'patient' });
    const campaignId = await makeCampaignOwner(t.database.db, owner.user.id);
    expect((await getWith(t.app, '/api/user/profile', owner.cookie)).json()).toMatchObject({ ownsCampaign: true });
    const res = await deleteMe(owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: OWNER_CANNOT_DELETE_ACCOUNT });
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, owner.user.id))).toHaveLength(1);
    expect(await t.database.db.select({ ownerId: campaigns.ownerId }).from(campaigns).where(eq(campaigns.id, campaignId))).toEqual([{ ownerId: owner.user.id }]);
  });

  it('tells an account that owns nothing that it may be deleted', async () => {
    const member = await signUp(t.app, { role: 'donor' });
    expect((await getWith(t.app, '/api/user/profile', member.cookie)).json()).toMatchObject({ ownsCampaign: false });
  });
});
