/**
 * A donor's own gifts (issue 16): the gifts recorded with her confirmed address show on her profile and in her
 * export; an account that has not confirmed the address sees none; deleting the account unlinks them.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaigns, donationIntents, donations, fundraisers, users } from '../../db/schema/index.ts';
import { postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp, STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';
import { buildDonation } from '../../../../tests/factories/donations.ts';
import { liveFundraiser } from '../../../../tests/factories/fundraisers.ts';
import { signedInAdminForSuite } from '../../../../tests/factories/users.ts';

const t = setupTestApp();
const manager = signedInAdminForSuite(t, 'manager');

const confirm = (id: string) =>
  t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));

describe("a donor's own gifts", () => {
  it('are listed on her profile and in her export once her address is confirmed, and never before', async () => {
    const email = `giver.${Date.now()}@example.org`;
    const kept = await buildDonation(t.database.db, { donorEmail: email, amountCents: 4200, showPublicly: true });
    await buildDonation(t.database.db, { donorEmail: email, voidedAt: new Date() });
    await buildDonation(t.database.db, { donorEmail: 'someone.else@example.org' });
    await postJson(t.app, '/api/donation-intent', {
      amount: 10,
      paymentMethod: 'Venmo',
      timestamp: new Date().toISOString(),
      donorEmail: email,
    });

    const donor = await signUp(t.app, { email, role: 'donor' });
    const before = (await getWith(t.app, '/api/user/profile', donor.cookie)).json();
    expect(before.gifts).toEqual([]);
    expect((await getWith(t.app, '/api/user/export', donor.cookie)).json().donations).toEqual([]);

    await confirm(donor.user.id);
    const profile = (await getWith(t.app, '/api/user/profile', donor.cookie)).json();
    expect(profile.gifts).toEqual([
      expect.objectContaining({
        id: kept.id,
        amount: { cents: 4200, currency: 'USD' },
        paymentMethod: 'PayPal',
        refundedCents: 0,
        shownPublicly: true,
      }),
    ]);
    const exported = (await getWith(t.app, '/api/user/export', donor.cookie)).json();
    expect(exported.donations.map((d: { donorEmail: string }) => d.donorEmail)).toEqual([email, email]);
    expect(exported.byVerifiedEmail.donationIntents).toEqual([expect.objectContaining({ donorEmail: email })]);
  });

  it('name the campaign each was given to and link to that campaign’s own transparency page', async () => {
    const email = `two.campaigns.${Date.now()}@example.org`;
    const live = await liveFundraiser(t, manager.cookie, 'Excision surgery for Lena');
    const [{ slug, campaignId }] = (await t.database.db
      .select({ slug: campaigns.slug, campaignId: campaigns.id })
      .from(fundraisers)
      .innerJoin(campaigns, eq(campaigns.id, fundraisers.campaignId))
      .where(eq(fundraisers.id, live.fundraiser.id))) as [{ slug: string; campaignId: string }];
    const toAppeal = await buildDonation(t.database.db, { donorEmail: email });
    const toFundraiser = await buildDonation(t.database.db, {
      donorEmail: email,
      campaignId,
    });
    const donor = await signUp(t.app, { email, role: 'donor' });
    await confirm(donor.user.id);
    const { gifts } = (await getWith(t.app, '/api/user/profile', donor.cookie)).json();
    const byId = new Map(gifts.map((g: { id: string }) => [g.id, g]));
    expect(byId.get(toAppeal.id)).toMatchObject({
      campaign: { name: "Maya's Endometriosis Surgery Fund", transparencyPath: '/transparency' },
    });
    expect(byId.get(toFundraiser.id)).toMatchObject({
      campaign: { name: 'Excision surgery for Lena', transparencyPath: `/transparency/${slug}` },
    });
  });

  it('lose her name and address when she deletes her account; the amounts stay', async () => {
    const email = `leaving.${Date.now()}@example.org`;
    const gift = await buildDonation(t.database.db, {
      donorEmail: email,
      donorName: 'Leaving Donor',
      showPublicly: true,
    });
    const intent = await postJson(t.app, '/api/donation-intent', {
      amount: 10,
      paymentMethod: 'Venmo',
      timestamp: new Date().toISOString(),
      donorEmail: email,
      donorName: 'Leaving Donor',
    });
    const donor = await signUp(t.app, { email, role: 'donor' });
    await confirm(donor.user.id);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: STRONG_PASSWORD },
      headers: { cookie: donor.cookie, origin: SITE_ORIGIN },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const [row] = await t.database.db.select().from(donations).where(eq(donations.id, gift.id));
    expect(row).toMatchObject({ donorEmail: null, showPublicly: false, amountCents: gift.amountCents });
    expect(row!.donorName).not.toBe('Leaving Donor');
    const [left] = await t.database.db.select().from(donationIntents).where(eq(donationIntents.id, intent.json().id));
    expect(left).toMatchObject({ donorEmail: null, donorName: null });
  });
});
