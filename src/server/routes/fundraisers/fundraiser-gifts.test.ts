/**
 * A fundraiser's owner and her donors (issue 34): she reads her gifts (names only with the donor's consent, never an
 * address) and sends a thank-you, mailed once to each donor who left an address with a gift not thanked yet; who
 * may, and what is refused.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { THANK_YOU_MAX } from '#shared/schemas/fundraiser-gifts.ts';
import { getWith, signUpSettled } from '../../../../tests/setup/accounts.ts';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { signedInAdminForSuite } from '../../../../tests/factories/users.ts';
import { completeApplication, liveFundraiser } from '../../../../tests/factories/fundraisers.ts';
import { buildDonation } from '../../../../tests/factories/donations.ts';
import { backgroundMailSent } from '../../commands/run.ts';
import { donations, fundraiserEvents, fundraisers, outbox, rateLimits } from '../../db/schema/index.ts';

const t = setupTestApp();
const db = () => t.database.db;
const manager = signedInAdminForSuite(t, 'manager');
beforeEach(async () => {
  await db().delete(rateLimits);
});

const THANKS = 'Thank you all: the surgery is booked for March, and I could not have done it without you.';
const thank = (cookie: string, body: unknown = { message: THANKS }) =>
  postJson(t.app, '/api/my-fundraiser/thank-donors', body, { cookie });
const gifts = (cookie: string, query = '') => getWith(t.app, `/api/my-fundraiser/gifts${query}`, cookie);
const mailTo = (addresses: string[]) => db().select().from(outbox).where(inArray(outbox.to, addresses));

/** A live fundraiser with five gifts: Ana twice (once as ANA@), Bo, one with no address, one voided. */
async function fundedFundraiser() {
  const owner = await liveFundraiser(t, manager.cookie);
  const [row] = await db().select().from(fundraisers).where(eq(fundraisers.id, owner.fundraiser.id));
  const campaignId = row!.campaignId!;
  const ana = `ana.${Date.now()}@example.org`;
  const bo = `bo.${Date.now()}@example.org`;
  await buildDonation(db(), { campaignId, amountCents: 5_000, donorEmail: ana, donorName: 'Ana', showPublicly: true });
  await buildDonation(db(), { campaignId, amountCents: 2_500, donorEmail: ana.toUpperCase(), message: 'Again!' });
  await buildDonation(db(), { campaignId, amountCents: 10_000, donorEmail: bo, donorName: 'Bo', message: 'Private' });
  await buildDonation(db(), { campaignId, amountCents: 1_000, donorName: 'Cy', showPublicly: true, isAnonymous: true });
  const voided = await buildDonation(db(), {
    campaignId,
    amountCents: 700,
    donorEmail: `dee.${Date.now()}@example.org`,
  });
  await db().update(donations).set({ voidedAt: new Date() }).where(eq(donations.id, voided.id));
  return { ...owner, campaignId, ana, bo, voidedEmail: voided.donorEmail! };
}

describe("a fundraiser's gifts, for its owner", () => {
  it('lists the gifts that stand, newest first, with names and messages only by consent and never an address', async () => {
    const owner = await fundedFundraiser();
    const res = await gifts(owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ page: 1, total: 4, thankable: 2 });
    expect(body.items.map((g: { name: string | null }) => g.name)).toEqual([null, null, null, 'Ana']);
    expect(body.items.map((g: { amount: { cents: number } }) => g.amount.cents)).toEqual([1_000, 10_000, 2_500, 5_000]);
    expect(body.items.map((g: { canThank: boolean }) => g.canThank)).toEqual([false, true, true, true]);
    // Bo did not agree to be shown: neither her name nor her message; no address anywhere.
    expect(res.body).not.toContain('Private');
    expect(res.body).not.toContain('Again!');
    expect(res.body).not.toMatch(/@example\.org/i);
    expect(res.body).not.toContain('Cy');
  });

  it('mails her thank-you once to each donor who left an address, records it, and answers a repeat without mailing again', async () => {
    const owner = await fundedFundraiser();
    const res = await thank(owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: 2 });
    await backgroundMailSent();
    const mailed = await mailTo([owner.ana, owner.ana.toUpperCase(), owner.bo, owner.voidedEmail]);
    expect(mailed.map((m) => m.to).sort()).toEqual([owner.ana, owner.bo].sort());
    for (const mail of mailed) {
      expect(mail.text).toContain(THANKS);
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
    const steps = await db()
      .select()
      .from(fundraiserEvents)
      .where(eq(fundraiserEvents.fundraiserId, owner.fundraiser.id));
    expect(steps.filter((s) => s.action === 'thank_you_sent').map((s) => s.message)).toEqual([THANKS]);

    // A second tap with the same words is the same thank-you: answered, nothing mailed again.
    expect((await thank(owner.cookie)).json()).toEqual({ sent: 2 });
    await backgroundMailSent();
    expect(await mailTo([owner.ana, owner.bo])).toHaveLength(2);
  });

  it('thanks each gift once: other words later reach only the donors of gifts made since', async () => {
    const owner = await fundedFundraiser();
    expect((await thank(owner.cookie)).json()).toEqual({ sent: 2 });
    const listed = (await gifts(owner.cookie)).json();
    expect(listed.thankable).toBe(0);
    expect(listed.items.filter((g: { thankedAt: string | null }) => g.thankedAt !== null)).toHaveLength(3);

    const again = await thank(owner.cookie, { message: `${THANKS} Once more, with feeling.` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Every donor who left an email address has been thanked; you can thank new donors when they give',
    );
    const cy = `cy.${Date.now()}@example.org`;
    await buildDonation(db(), { campaignId: owner.campaignId, amountCents: 3_000, donorEmail: cy });
    expect((await gifts(owner.cookie)).json().thankable).toBe(1);
    expect((await thank(owner.cookie, { message: 'Welcome, and thank you.' })).json()).toEqual({ sent: 1 });
    await backgroundMailSent();
    expect((await mailTo([owner.ana, owner.bo])).map((m) => m.to).sort()).toEqual([owner.ana, owner.bo].sort());
    expect(await mailTo([cy])).toHaveLength(1);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const owner = await fundedFundraiser();
    for (const [what, body, message] of [
      ['no message', {}, 'Write your thank-you'],
      ['only spaces', { message: '   ' }, 'Write your thank-you'],
      ['one too long', { message: 'x'.repeat(THANK_YOU_MAX + 1) }, 'Keep your thank-you under 1,000 characters'],
      ['a number', { message: 5 }, 'Write your thank-you'],
      ['a field of its own', { message: THANKS, to: 'x' }, 'Unrecognized key: "to"'],
    ] as const) {
      await db().delete(rateLimits);
      const res = await thank(owner.cookie, body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().message, what).toBe(message);
    }
    expect((await gifts(owner.cookie, '?page=0')).statusCode).toBe(400);
    await backgroundMailSent();
    expect(await mailTo([owner.ana, owner.bo])).toHaveLength(0);
  });

  it('is refused to a patient with no approved fundraiser, with none to thank, and to others', async () => {
    const applicant = await completeApplication(t);
    expect((await gifts(applicant.cookie)).statusCode).toBe(404);
    expect((await thank(applicant.cookie)).statusCode).toBe(404);

    const unfunded = await liveFundraiser(t, manager.cookie);
    expect((await gifts(unfunded.cookie)).json()).toMatchObject({ items: [], total: 0, thankable: 0 });
    const none = await thank(unfunded.cookie);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('No donor has left an email address yet, so there is no one to send it to');

    const donor = await signUpSettled(t.app, db(), { role: 'donor' });
    expect((await gifts(donor.cookie)).statusCode).toBe(403);
    expect((await thank(donor.cookie)).statusCode).toBe(403);
    expect((await t.app.inject('/api/my-fundraiser/gifts')).statusCode).toBe(401);
  });

  it('limits thank-yous to a few a day', async () => {
    const owner = await fundedFundraiser();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      // A new gift each time, so each thank-you has a donor to reach.
      await buildDonation(db(), { campaignId: owner.campaignId, amountCents: 100, donorEmail: `n${i}@example.org` });
      statuses.push((await thank(owner.cookie, { message: `${THANKS} (${i})` })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
