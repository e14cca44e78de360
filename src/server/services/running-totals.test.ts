/**
 * Progress, the public ledger, the admins' list and dashboard read the campaign's running totals
 * (ledger_balances, kept by the ledger's trigger) instead of summing every gift: after every kind of write that
 * moves money they must show what a fresh sum of the rows shows.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema/index.ts';
import { postJson, setupTestApp } from '../../../tests/setup/test-app.ts';
import { getWith } from '../../../tests/setup/accounts.ts';
import { buildIntent } from '../../../tests/factories/donations.ts';
import {
  decideExpense,
  refundDonation,
  releaseExpense,
  spendingCast,
  submittedExpense,
  type Person,
  actOnDonation,
} from '../../../tests/factories/spending.ts';

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

/** What visitors and admins are shown, read afresh (past the one-second caches). */
async function shown() {
  t.app.campaigns.invalidate();
  t.app.ledgers.invalidate();
  const progress = (await t.app.inject('/api/fundraising/progress')).json();
  const ledger = (await t.app.inject(`/api/campaigns/${campaignId}/ledger`)).json();
  const list = (await getWith(t.app, '/api/admin/donations?page=1', managerA.cookie)).json();
  const dashboard = (await getWith(t.app, '/api/admin/dashboard', managerA.cookie)).json();
  return {
    progress: { currentCents: progress.currentCents, donorCount: progress.donorCount },
    ledger: { ...ledger.totals, donationCount: ledger.donationCount },
    listTotal: list.total,
    dashboard: { totalRaisedCents: dashboard.totalRaisedCents, donorCount: dashboard.donorCount },
  };
}

/** The same figures summed afresh from every donation and ledger row. */
async function summed() {
  const { rows } = await t.database.db.execute<{
    raised: number;
    donors: number;
    released: number;
    refunded: number;
    fees: number;
  }>(sql`select
      (select coalesce(sum(usd_cents), 0)::int from donations where campaign_id = ${campaignId} and voided_at is null) as raised,
      (select count(*)::int from donations where campaign_id = ${campaignId} and voided_at is null) as donors,
      (select coalesce(sum(amount_cents), 0)::int from ledger_entries where campaign_id = ${campaignId} and kind = 'release') as released,
      (select coalesce(sum(amount_cents), 0)::int from ledger_entries where campaign_id = ${campaignId} and kind = 'refund') as refunded,
      (select coalesce(sum(usd_fee_cents), 0)::int from donations where campaign_id = ${campaignId} and voided_at is null) as fees`);
  const { raised, donors, released, refunded, fees } = rows[0]!;
  return {
    // What stands of what was raised: a refund takes its part back out of progress.
    progress: { currentCents: raised - refunded, donorCount: donors },
    ledger: {
      raisedCents: raised,
      feesCents: fees,
      heldCents: raised - fees - released - refunded,
      releasedCents: released,
      refundedCents: refunded,
      donationCount: donors,
    },
    listTotal: donors,
    dashboard: { totalRaisedCents: raised, donorCount: donors },
  };
}

async function record(body: Record<string, unknown>): Promise<string> {
  const res = await postJson(t.app, '/api/admin/add-donation', body, { cookie: managerA.cookie });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

describe('the running totals', () => {
  it('equal a fresh sum of the rows after every kind of money write, and move with each one', async () => {
    const before = await shown();
    expect(before).toEqual(await summed());

    const first = await record({ amount: 2000, paymentMethod: 'Zelle', donorName: 'Ruth B.' });
    expect(await shown()).toEqual(await summed());
    expect((await shown()).progress).toEqual({
      currentCents: before.progress.currentCents + 200_000,
      donorCount: before.progress.donorCount + 1,
    });

    await record({ amount: 100, currency: 'CAD', usdAmount: 73, paymentMethod: 'Check' });
    expect(await shown()).toEqual(await summed());

    const intent = await buildIntent(t.database.db, { amountCents: 2500 });
    const fromIntent = await record({ amount: 25, paymentMethod: 'PayPal', intentId: intent.id });
    expect(await shown()).toEqual(await summed());

    const edited = await actOnDonation(t.app, managerA.cookie, fromIntent, 'correct', {
      donorName: 'A friend',
      isAnonymous: true,
      reason: 'The donor asked to be anonymous',
    });
    expect(edited.statusCode).toBe(200);
    expect(await shown()).toEqual(await summed());

    const refunded = await refundDonation(t.app, managerA.cookie, first, { amount: 150, reason: 'Gave twice' });
    expect(refunded.statusCode).toBe(200);
    expect(await shown()).toEqual(await summed());

    const expense = await submittedExpense(t.app, owner.cookie, campaignId, { amount: 1200 });
    expect((await decideExpense(t.app, managerA.cookie, expense, 'approve')).statusCode).toBe(200);
    expect((await releaseExpense(t.app, managerB.cookie, expense)).statusCode).toBe(200);
    expect(await shown()).toEqual(await summed());

    const voided = await actOnDonation(t.app, managerA.cookie, fromIntent, 'void', {
      reason: 'Recorded against the wrong payment',
    });
    expect(voided.statusCode).toBe(204);
    const after = await shown();
    expect(after).toEqual(await summed());
    expect(after.progress).toEqual({
      // Less the $150 refunded of the first gift.
      currentCents: before.progress.currentCents + 200_000 + 7_300 - 15_000,
      donorCount: before.progress.donorCount + 2,
    });
    expect(after.ledger).toMatchObject({ releasedCents: 120_000, refundedCents: 15_000 });

    // A release the balance cannot cover is refused, and nothing moves.
    const tooMuch = await submittedExpense(t.app, owner.cookie, campaignId, { amount: 2400 });
    expect((await decideExpense(t.app, managerA.cookie, tooMuch, 'approve')).statusCode).toBe(200);
    expect((await releaseExpense(t.app, managerB.cookie, tooMuch)).statusCode).toBe(409);
    expect(await shown()).toEqual(after);
  });
});
