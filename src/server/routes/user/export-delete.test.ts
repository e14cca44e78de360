/** Issue 13: an address links other people's records only once confirmed; the campaign owner keeps her account. */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OWNER_CANNOT_DELETE_ACCOUNT } from '#shared/account-messages.ts';
import { postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, sessionCookie, signUp, solveAltcha, STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';
import { makeCampaignOwner } from '../../../../tests/factories/spending.ts';
import {
  auditLog,
  campaigns,
  contactMessages,
  notifications,
  outbox,
  rateLimits,
  refundRequests,
  users,
} from '../../db/schema/index.ts';
import { resetPasswordMail } from '../../services/mail-templates.ts';
import { buildAdmin, signInAdmin } from '../../../../tests/factories/users.ts';
import { buildStory } from '../../../../tests/factories/stories.ts';

const t = setupTestApp();

beforeEach(() => t.database.db.delete(rateLimits));

const deleteMe = (cookie: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/user',
    payload: { password: STRONG_PASSWORD },
    headers: { cookie, origin: SITE_ORIGIN },
  });

/** What the real owner of an address sends before anyone has an account with it. */
async function sendAsOwnerOf(email: string) {
  const contact = await postJson(t.app, '/api/contact', {
    name: 'Real Owner',
    email,
    subject: 'About my surgery',
    message: 'Private words from the real owner',
    altcha: await solveAltcha(t.app),
  });
  expect(contact.statusCode).toBe(201);
  const refund = {
    name: 'Real Owner',
    email,
    amount: 50,
    paymentMethod: 'PayPal',
    donatedOn: '2026-11-01',
    reason: 'I gave twice by mistake, the real owner says',
  };
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
    expect(res.json().byVerifiedEmail).toMatchObject({
      linkedBy: 'verified email',
      email: null,
      contactMessages: [],
      refundRequests: [],
    });
  });

  it("leaves someone else's messages and refund requests untouched when an unconfirmed account with their address is deleted", async () => {
    const email = `victim2.${Date.now()}@example.com`;
    await sendAsOwnerOf(email);
    const squatter = await signUp(t.app, { email });
    expect((await deleteMe(squatter.cookie)).statusCode).toBe(204);
    expect(
      await t.database.db
        .select({ name: contactMessages.name, email: contactMessages.email })
        .from(contactMessages)
        .where(eq(contactMessages.email, email)),
    ).toEqual([{ name: 'Real Owner', email }]);
    expect(
      await t.database.db
        .select({ name: refundRequests.name, email: refundRequests.email })
        .from(refundRequests)
        .where(eq(refundRequests.email, email)),
    ).toEqual([{ name: 'Real Owner', email }]);
  });

  it('shows them, marked as linked by verified email, once the account has confirmed the address', async () => {
    const email = `owner.${Date.now()}@example.com`;
    await sendAsOwnerOf(email);
    const owner = await signUp(t.app, { email });
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.user.id));
    const linked = (await getWith(t.app, '/api/user/export', owner.cookie)).json().byVerifiedEmail;
    expect(linked).toMatchObject({
      linkedBy: 'verified email',
      email,
      contactMessages: [{ message: 'Private words from the real owner' }],
      refundRequests: [{ reason: 'I gave twice by mistake, the real owner says' }],
    });
  });
});

describe('the campaign owner and her account', () => {
  it('cannot delete it while she owns the campaign: 409 saying an admin must move ownership first, and nothing is deleted', async () => {
    const owner = await signUp(t.app, { role: 'patient' });
    const campaignId = await makeCampaignOwner(t.database.db, t.app.campaigns, owner.user.id);
    expect((await getWith(t.app, '/api/user/profile', owner.cookie)).json()).toMatchObject({ ownsCampaign: true });
    const res = await deleteMe(owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: OWNER_CANNOT_DELETE_ACCOUNT });
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, owner.user.id))).toHaveLength(1);
    expect(
      await t.database.db.select({ ownerId: campaigns.ownerId }).from(campaigns).where(eq(campaigns.id, campaignId)),
    ).toEqual([{ ownerId: owner.user.id }]);
  });

  it('tells an account that owns nothing that it may be deleted', async () => {
    const member = await signUp(t.app, { role: 'donor' });
    expect((await getWith(t.app, '/api/user/profile', member.cookie)).json()).toMatchObject({ ownsCampaign: false });
  });
});

/** A password-reset mail to someone else, as the app sends it (the reset route sends after replying). */
async function resetMailTo(person: { email: string; firstName: string }) {
  const mail = resetPasswordMail(
    'Healing Circle',
    person,
    `https://example.com/reset-password?token=secret-${person.email}`,
  );
  await t.database.db.insert(outbox).values(mail);
  return mail;
}

describe("other people's mail", () => {
  it('shows none of another person’s reset mail to accounts named like words in it or whose address is inside hers, and deleting them leaves it', async () => {
    const stamp = Date.now();
    const hello = await signUp(t.app, { firstName: 'Hello', lastName: 'Maria', email: `hello.${stamp}@example.com` });
    const words = await signUp(t.app, { firstName: 'e', lastName: 'a', email: `words.${stamp}@example.com` });
    const inside = await signUp(t.app, { email: `ia.${stamp}@example.com` });
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, inside.user.id));
    const reset = await resetMailTo({ email: `maria.${stamp}@example.com`, firstName: 'Maria' });
    for (const account of [hello, words, inside]) {
      const exported = await getWith(t.app, '/api/user/export', account.cookie);
      expect(exported.statusCode).toBe(200);
      expect(exported.body).not.toContain('secret-');
      expect(exported.json().mailSent.map((m: { to: string }) => m.to)).not.toContain(reset.to);
    }
    for (const account of [hello, words, inside]) expect((await deleteMe(account.cookie)).statusCode).toBe(204);
    expect(await t.database.db.select({ text: outbox.text }).from(outbox).where(eq(outbox.to, reset.to))).toEqual([
      { text: reset.text },
    ]);
  });

  it('exports mail sent to exactly her address, confirmed or, when unconfirmed, only since the account began', async () => {
    const email = `early.${Date.now()}@example.com`;
    const before = await resetMailTo({ email, firstName: 'Early' });
    const account = await signUp(t.app, { email });
    const unconfirmed = (await getWith(t.app, '/api/user/export', account.cookie))
      .json()
      .mailSent.map((m: { text: string }) => m.text);
    expect(unconfirmed).not.toContain(before.text);
    expect(unconfirmed.length).toBeGreaterThan(0);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, account.user.id));
    expect(
      (await getWith(t.app, '/api/user/export', account.cookie)).json().mailSent.map((m: { text: string }) => m.text),
    ).toContain(before.text);
  });
});

describe("other people's records on deletion", () => {
  it('leaves the audit rows and notifications about a refund request unchanged when an unconfirmed account with the requester’s address and name is deleted', async () => {
    const email = `owner3.${Date.now()}@example.com`;
    const { cookie: manager } = await signInAdmin(t.app, t.database.db, 'manager');
    await sendAsOwnerOf(email);
    const [asked] = await t.database.db.select().from(refundRequests).where(eq(refundRequests.email, email));
    expect(
      (
        await postJson(
          t.app,
          `/api/admin/refund-requests/${asked!.id}/decline`,
          { reason: 'We found no such gift' },
          { cookie: manager },
        )
      ).statusCode,
    ).toBe(200);
    const squatter = await signUp(t.app, { email, firstName: 'Real', lastName: 'Owner' });
    const logBefore = await t.database.db.select().from(auditLog).orderBy(auditLog.id);
    const noticesBefore = await t.database.db.select().from(notifications).orderBy(notifications.id);
    expect(JSON.stringify(logBefore)).toContain(email);
    expect((await deleteMe(squatter.cookie)).statusCode).toBe(204);
    expect(await t.database.db.select().from(auditLog).orderBy(auditLog.id)).toEqual(logBefore);
    expect(await t.database.db.select().from(notifications).orderBy(notifications.id)).toEqual(noticesBefore);
  });

  it('leaves others’ "A word of support was reported" notifications unchanged when a member named "A" "word" is deleted', async () => {
    const moderator = await buildAdmin(t.database.db, 'moderator');
    const story = await buildStory(t.database.db, {
      status: 'approved',
      publishConsent: true,
      publishedTitle: 'Told',
      publishedBody: 'It took years.',
      publishedAt: new Date(),
    });
    const writer = await signUp(t.app);
    const reporter = await signUp(t.app);
    const reply = await postJson(
      t.app,
      `/api/stories/${story.id}/support`,
      { body: 'Some words' },
      { cookie: writer.cookie },
    );
    expect(
      (
        await postJson(
          t.app,
          `/api/support/${reply.json().id}/report`,
          { reason: 'Looks like spam to me' },
          { cookie: reporter.cookie },
        )
      ).statusCode,
    ).toBe(204);
    const member = await signUp(t.app, { firstName: 'A', lastName: 'word' });
    expect((await deleteMe(member.cookie)).statusCode).toBe(204);
    const notices = await t.database.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.userId, moderator.id));
    expect(notices).toContainEqual({ title: 'A word of support was reported', body: 'Looks like spam to me' });
  });
});

describe('what the export shows of other people', () => {
  it('shows a member what an admin did to her without the admin’s id or IP, and an admin what she did without the other member’s address', async () => {
    const { admin, cookie: adminCookie } = await signInAdmin(t.app, t.database.db, 'super_admin');
    const member = await signUp(t.app, { email: `acted.on.${Date.now()}@example.com` });
    expect(
      (
        await postJson(
          t.app,
          `/api/admin/users/${member.user.id}/suspend`,
          { reason: 'Testing the export' },
          { cookie: adminCookie },
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await postJson(t.app, `/api/admin/users/${member.user.id}/restore`, {}, { cookie: adminCookie })).statusCode,
    ).toBe(200);
    const signedIn = sessionCookie(
      await postJson(t.app, '/api/auth/login', { email: member.user.email, password: STRONG_PASSWORD }),
    );
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, member.user.id));
    expect(entry?.ip).toBeTruthy();
    const mine = await getWith(t.app, '/api/user/export', signedIn);
    expect(mine.json().auditEntries.aboutYou).toContainEqual(
      expect.objectContaining({ action: 'user.suspend', by: 'an administrator' }),
    );
    expect(mine.body).not.toContain(admin.id);
    expect(mine.body).not.toContain(`"${entry!.ip}"`);
    const theirs = await getWith(t.app, '/api/user/export', adminCookie);
    expect(theirs.json().auditEntries.byYou).toContainEqual(
      expect.objectContaining({ action: 'user.suspend', targetId: member.user.id }),
    );
    expect(theirs.body).not.toContain(member.user.email);
  });

  it('shows a member her declined refund request without the id of the admin who decided it', async () => {
    const { admin, cookie: manager } = await signInAdmin(t.app, t.database.db, 'manager');
    const member = await signUp(t.app);
    const form = {
      name: 'Dana Giver',
      email: member.user.email,
      amount: 50,
      paymentMethod: 'PayPal',
      donatedOn: '2026-11-01',
      reason: 'I gave twice by mistake',
    };
    const asked = await postJson(
      t.app,
      '/api/refund-requests',
      { ...form, altcha: await solveAltcha(t.app) },
      { cookie: member.cookie },
    );
    expect(
      (
        await postJson(
          t.app,
          `/api/admin/refund-requests/${asked.json().id}/decline`,
          { reason: 'We found no such gift' },
          { cookie: manager },
        )
      ).statusCode,
    ).toBe(200);
    const exported = await getWith(t.app, '/api/user/export', member.cookie);
    expect(exported.json().refundRequests).toEqual([
      expect.objectContaining({ status: 'declined', decisionNote: 'We found no such gift' }),
    ]);
    expect(exported.body).not.toContain(admin.id);
  });
});
