/**
 * Refunds of gifts to a patient's fundraiser (decision 009: money attaches to the campaign): a manager's refund
 * comes out of that fundraiser's ledger and supporters, never the main appeal's, and a donor's refund request it
 * answers is counted to the gift's campaign.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, ledgerEntries, outbox, rateLimits, refundRequests } from '../../db/schema/index.ts';
import { getWith, solveAltcha } from '../../../../tests/setup/accounts.ts';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { liveFundraiser } from '../../../../tests/factories/fundraisers.ts';
import { refundDonation, steppedUpManager, type Person } from '../../../../tests/factories/spending.ts';

const t = setupTestApp();
const db = () => t.database.db;
let manager: Person = { cookie: '', id: '' };
let campaignId = '';
let slug = '';

beforeAll(async () => {
  manager = await steppedUpManager(t.app, db());
  const live = await liveFundraiser(t, manager.cookie, 'Refunds of her own');
  slug = live.approved.slug as string;
  campaignId = (await t.app.inject(`/api/fundraisers/${slug}`)).json().campaignId as string;
});

beforeEach(async () => {
  await db().delete(rateLimits);
});

/** A gift to the fundraiser, recorded by the manager as the admin form does; answers its id. */
async function giftToFundraiser(donorName: string, amount: number): Promise<string> {
  const res = await postJson(
    t.app,
    '/api/admin/add-donation',
    { amount, paymentMethod: 'Zelle', donorName, showPublicly: true, donorEmail: 'ruth@example.com', campaignId },
    { cookie: manager.cookie },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** The cents refunded of one gift, from its ledger rows. */
const refundsOf = async (donationId: string) =>
  (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.donationId, donationId)))
    .filter((e) => e.kind === 'refund')
    .reduce((sum, e) => sum + e.amountCents, 0);

/** What the public reads, through the app's caches (no test-side invalidation: the refund must clear them). */
const ledgerOf = async (id: string) => (await t.app.inject(`/api/campaigns/${id}/ledger`)).json();
const supportersOf = async (id: string) =>
  ((await t.app.inject(`/api/campaigns/${id}/supporters`)).json().items as { name: string }[]).map((s) => s.name);
const mainAppealFigures = async () => {
  const mainAppeal = (await t.app.inject('/api/campaign')).json().id as string;
  return {
    progress: (await t.app.inject('/api/fundraising/progress')).json(),
    ledger: (await ledgerOf(mainAppeal)).totals,
    supporters: await supportersOf(mainAppeal),
  };
};

describe('refunding a gift to a patient’s fundraiser', () => {
  it('takes the refund out of that fundraiser’s ledger and supporters and leaves the main appeal’s figures as they were', async () => {
    const donationId = await giftToFundraiser('Ruth Refunded', 75);
    expect((await ledgerOf(campaignId)).totals).toMatchObject({ raisedCents: 7_500, heldCents: 7_500 });
    expect(await supportersOf(campaignId)).toContain('Ruth Refunded');
    const mainBefore = await mainAppealFigures();

    const partly = await refundDonation(t.app, manager.cookie, donationId, { amount: 25, reason: 'Sent twice' });
    expect(partly.json()).toEqual({ donationId, refundedCents: 2_500, remainingCents: 5_000 });
    expect((await ledgerOf(campaignId)).totals).toEqual({
      raisedCents: 7_500,
      feesCents: 0,
      heldCents: 5_000,
      releasedCents: 0,
      refundedCents: 2_500,
    });
    expect(await supportersOf(campaignId)).toContain('Ruth Refunded');

    const rest = await refundDonation(t.app, manager.cookie, donationId, { amount: 50, reason: 'Asked for it back' });
    expect(rest.json()).toEqual({ donationId, refundedCents: 7_500, remainingCents: 0 });
    expect((await ledgerOf(campaignId)).totals).toMatchObject({ heldCents: 0, refundedCents: 7_500 });
    expect(await supportersOf(campaignId)).not.toContain('Ruth Refunded');
    expect(await mainAppealFigures()).toEqual(mainBefore);

    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.donationId, donationId));
    expect(entries.filter((e) => e.kind === 'refund').map((e) => e.campaignId)).toEqual([campaignId, campaignId]);
    const audited = await db().select().from(auditLog).where(eq(auditLog.targetId, donationId));
    expect(audited.filter((a) => a.action === 'donation.refund')).toHaveLength(2);
    // The donor's notice of the full refund names the fundraiser she gave to.
    const mails = await db().select().from(outbox).where(eq(outbox.to, 'ruth@example.com'));
    expect(mails.map((m) => m.subject)).toContain('Your gift to Refunds of her own was refunded');
  });

  it('answers a donor’s refund request with a gift to the fundraiser, counting the request to that fundraiser’s campaign', async () => {
    const asked = await postJson(t.app, '/api/refund-requests', {
      name: 'Dana Giver',
      email: 'dana@example.com',
      amount: 40,
      paymentMethod: 'Zelle',
      donatedOn: '2026-11-01',
      reference: 'ZL-40',
      reason: 'I meant to give to someone else',
      altcha: await solveAltcha(t.app),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().id as string;
    const donationId = await giftToFundraiser('Dana Giver', 40);
    const heldBefore = (await ledgerOf(campaignId)).totals.heldCents as number;

    const res = await refundDonation(t.app, manager.cookie, donationId, {
      amount: 40,
      reason: 'Refunded at the donor’s request',
      refundRequestId: requestId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ledgerOf(campaignId)).totals.heldCents).toBe(heldBefore - 4_000);
    const answered = (await getWith(t.app, '/api/admin/refund-requests?status=refunded', manager.cookie)).json();
    expect(answered.items).toContainEqual(expect.objectContaining({ id: requestId, donationId, status: 'refunded' }));
    const [row] = await db().select().from(refundRequests).where(eq(refundRequests.id, requestId));
    expect(row!.campaignId).toBe(campaignId);
  });

  it('files a donor’s request under the fundraiser she names, which the managers read; an unknown one is 404 and files nothing', async () => {
    const request = async (campaign: string) =>
      postJson(t.app, '/api/refund-requests', {
        name: 'Nora Named',
        email: 'nora@example.com',
        amount: 30,
        paymentMethod: 'Zelle',
        donatedOn: '2026-11-02',
        reason: 'I gave twice by mistake',
        campaign,
        altcha: await solveAltcha(t.app),
      });
    const asked = await request(slug);
    expect(asked.statusCode, asked.body).toBe(201);
    const [row] = await db().select().from(refundRequests).where(eq(refundRequests.id, asked.json().id));
    expect(row!.campaignId).toBe(campaignId);
    const open = (await getWith(t.app, '/api/admin/refund-requests', manager.cookie)).json();
    expect(open.items).toContainEqual(
      expect.objectContaining({ id: asked.json().id, fundraiserTitle: 'Refunds of her own' }),
    );

    const before = await db().select().from(refundRequests);
    const unknown = await request('no-such-fundraiser');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No such campaign', code: 'NOT_FOUND' });
    expect(await db().select().from(refundRequests)).toHaveLength(before.length);
  });
});

describe('a refund binds the gift the manager read', () => {
  it('refuses a refund made on a version of the gift changed since the manager read it (a correction or another refund), with 409 and the current version, and refunds nothing', async () => {
    const donationId = await giftToFundraiser('Vera Version', 60);
    const listed = (await getWith(t.app, '/api/admin/donations', manager.cookie)).json();
    const read = listed.items.find((d: { id: string }) => d.id === donationId);
    expect(read.version).toEqual(expect.any(Number));
    expect(
      (await refundDonation(t.app, manager.cookie, donationId, { amount: 10, reason: 'Sent twice' })).statusCode,
    ).toBe(200);
    const stale = await refundDonation(t.app, manager.cookie, donationId, {
      amount: 10,
      reason: 'Sent twice',
      version: read.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', currentVersion: read.version + 1 });
    const refunds = await refundsOf(donationId);
    expect(refunds).toBe(1_000);
  });
});
