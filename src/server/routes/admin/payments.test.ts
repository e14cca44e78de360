/** The managers' Payments page: statements previewed then imported once, and the inbox's decisions on what she read. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getWith, STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';
import { postFile, postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { buildUser, signInAdmin } from '../../../../tests/factories/users.ts';
import { buildIntent, mainAppealId } from '../../../../tests/factories/donations.ts';
import { buildLiveFundraiser } from '../../../../tests/factories/public-fundraisers.ts';
import type { FundraiserStatus } from '#shared/schemas/fundraisers.ts';
import { campaigns, donations, fundraisers, ledgerBalances, payments } from '../../db/schema/index.ts';
import { PAYPAL_HEADER, paypalLine } from '../../services/payments/statement-fixtures.ts';

const t = setupTestApp();
let manager = '';
beforeAll(async () => {
  manager = (await signInAdmin(t.app, t.database.db, 'manager')).cookie;
  await postJson(t.app, '/api/admin/elevate', { password: STRONG_PASSWORD }, { cookie: manager });
});

const paypalCsv = (lines: Parameters<typeof paypalLine>[0][]) =>
  Buffer.from(
    '\ufeff' +
      paypalLine(Object.fromEntries(PAYPAL_HEADER.map((c) => [c, c]))) +
      lines
        .map((line) => paypalLine({ Time: '10:15:00', TimeZone: 'PST', Status: 'Completed', Currency: 'USD', ...line }))
        .join(''),
  );

const upload = (path: string, bytes: Buffer, query = 'source=paypal&format=paypal') =>
  postFile(t.app, `/api/admin/payments/statements${path}?${query}`, manager, {
    field: 'statement',
    bytes,
    filename: 'activity.csv',
    type: 'text/csv',
  });

async function raised() {
  const [row] = await t.database.db
    .select()
    .from(ledgerBalances)
    .where(eq(ledgerBalances.campaignId, await mainAppealId(t.database.db)));
  return row?.raisedCents ?? 0;
}

describe('a PayPal statement', () => {
  it('is previewed without a write, imported once, and a second import of it adds nothing', async () => {
    const intent = await buildIntent(t.database.db, { reference: 'HC-STMT' });
    const file = paypalCsv([
      {
        Date: '11/20/2026',
        Name: 'Ann',
        Type: 'Donation Payment',
        Gross: '1,250.00',
        Fee: '-36.74',
        'Transaction ID': 'ST-1',
        Note: 'with love HC-STMT',
      },
      {
        Date: '11/21/2026',
        Name: 'Bea',
        Type: 'Donation Payment',
        Gross: '20.00',
        Fee: '-0.88',
        'Transaction ID': 'ST-2',
        Note: 'get well',
      },
      {
        Date: '11/22/2026',
        Name: 'Ann',
        Type: 'Payment Refund',
        Gross: '-20.00',
        'Transaction ID': 'ST-3',
        'Reference Txn ID': 'ST-2',
      },
    ]);
    const before = await t.database.db.$count(payments);
    const preview = await upload('/preview', file);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ rows: 3, counts: { known: 0, matched: 1, reversal: 1, unmatched: 1 } });
    expect(await t.database.db.$count(payments)).toBe(before);

    const raisedBefore = await raised();
    const imported = await upload('', file);
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toMatchObject({ rows: 3, added: 3, recorded: 1, waiting: 1, unmatched: 1 });
    const [gift] = await t.database.db.select().from(donations).where(eq(donations.intentId, intent.id));
    expect(gift).toMatchObject({ usdCents: 125_000, usdFeeCents: 3674 });
    expect((await raised()) - raisedBefore).toBe(125_000);

    const again = await upload('', file);
    expect(again.json()).toMatchObject({ rows: 3, added: 0 });
    expect((await upload('/preview', file)).json().counts).toEqual({ known: 3, matched: 0, reversal: 0, unmatched: 0 });
  });

  it('with a bad line is refused with the line named, and nothing of it is stored', async () => {
    const before = await t.database.db.$count(payments);
    const file = paypalCsv([
      { Date: '11/20/2026', Type: 'Donation Payment', Gross: '10.00', 'Transaction ID': 'BAD-1' },
      { Date: '11/20/2026', Type: 'Donation Payment', Gross: 'ten dollars', 'Transaction ID': 'BAD-2' },
    ]);
    const res = await upload('', file);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Line 3: /);
    expect(await t.database.db.$count(payments)).toBe(before);
  });

  it('needs the step-up to import (money is recorded), not to preview', async () => {
    const { cookie } = await signInAdmin(t.app, t.database.db, 'manager');
    const file = paypalCsv([{ Date: '11/20/2026', Type: 'Donation Payment', Gross: '5.00', 'Transaction ID': 'SU-1' }]);
    const send = (path: string) =>
      postFile(t.app, `/api/admin/payments/statements${path}?source=paypal&format=paypal`, cookie, {
        field: 'statement',
        bytes: file,
        filename: 'a.csv',
        type: 'text/csv',
      });
    expect((await send('/preview')).statusCode).toBe(200);
    expect((await send('')).json().code).toBe('STEP_UP_REQUIRED');
  });
});

describe('the reconciliation inbox', () => {
  async function unmatched(externalId: string, cents = 4000) {
    const file = paypalCsv([
      {
        Date: '11/25/2026',
        Name: 'Cleo',
        Type: 'Donation Payment',
        Gross: (cents / 100).toFixed(2),
        Fee: '-1.00',
        'Transaction ID': externalId,
      },
    ]);
    await upload('', file);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.externalId, externalId));
    return row!;
  }

  it('suggests the open intent of the same amount and method, and records it only on the manager’s click', async () => {
    const intent = await buildIntent(t.database.db, {
      amountCents: 4000,
      paymentMethod: 'PayPal',
      donorName: 'Cleo',
      createdAt: new Date('2026-11-25T12:00:00Z'),
    });
    const payment = await unmatched('IN-1');
    const inbox = await getWith(t.app, '/api/admin/payments/inbox', manager);
    const item = inbox.json().items.find((i: { id: string }) => i.id === payment.id);
    expect(item.candidates.map((c: { intentId: string }) => c.intentId)).toContain(intent.id);
    expect(await t.database.db.select().from(donations).where(eq(donations.intentId, intent.id))).toEqual([]);

    const res = await postJson(
      t.app,
      `/api/admin/payments/${payment.id}/record`,
      { version: payment.version, intentId: intent.id },
      { cookie: manager },
    );
    expect(res.statusCode).toBe(201);
    const [gift] = await t.database.db.select().from(donations).where(eq(donations.intentId, intent.id));
    expect(gift).toMatchObject({ usdCents: 4000, usdFeeCents: 100, donorName: 'Cleo' });
  });

  it('refuses a decision on a version the manager did not read with 409 and the current version', async () => {
    const payment = await unmatched('IN-2');
    const stale = await postJson(
      t.app,
      `/api/admin/payments/${payment.id}/not-gift`,
      { version: payment.version + 5, reason: 'My own transfer' },
      { cookie: manager },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().currentVersion).toBe(payment.version);
    const done = await postJson(
      t.app,
      `/api/admin/payments/${payment.id}/not-gift`,
      { version: payment.version, reason: 'My own transfer' },
      { cookie: manager },
    );
    expect(done.statusCode).toBe(204);
    const again = await postJson(
      t.app,
      `/api/admin/payments/${payment.id}/not-gift`,
      { version: payment.version + 1, reason: 'My own transfer' },
      { cookie: manager },
    );
    expect(again.statusCode).toBe(409);
  });

  it('joins two payments into one gift, and splits one across two campaigns that add up', async () => {
    const first = await unmatched('IN-3', 2500);
    const second = await unmatched('IN-4', 1500);
    const campaignId = await mainAppealId(t.database.db);
    const joined = await postJson(
      t.app,
      '/api/admin/payments/join',
      { payments: [first, second].map((p) => ({ id: p.id, version: p.version })), campaignId },
      { cookie: manager },
    );
    expect(joined.statusCode).toBe(201);
    const [gift] = await t.database.db.select().from(donations).where(eq(donations.id, joined.json().donationId));
    expect(gift).toMatchObject({ usdCents: 4000, usdFeeCents: 200 });

    const whole = await unmatched('IN-5', 3000);
    const wrong = await postJson(
      t.app,
      `/api/admin/payments/${whole.id}/split`,
      {
        version: whole.version,
        parts: [
          { campaignId, amount: 10 },
          { campaignId, amount: 10 },
        ],
      },
      { cookie: manager },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("The parts add up to $20.00, not the payment's $30.00");
    const split = await postJson(
      t.app,
      `/api/admin/payments/${whole.id}/split`,
      {
        version: whole.version,
        parts: [
          { campaignId, amount: 10 },
          { campaignId, amount: 20 },
        ],
      },
      { cookie: manager },
    );
    expect(split.statusCode).toBe(201);
    const parts = await Promise.all(
      split
        .json()
        .donationIds.map(
          async (id: string) =>
            (await t.database.db.select().from(donations).where(eq(donations.id, id)))[0]!.usdFeeCents,
        ),
    );
    expect(parts).toEqual([33, 67]);
  });

  /** A campaign as a fundraiser in this state would hold it (none: a campaign with neither content nor fundraiser). */
  async function campaignOf(title: string, status?: FundraiserStatus) {
    const owner = await buildUser(t.database.db);
    const slug = `${title.toLowerCase().replace(/\W+/g, '-')}-${owner.id.slice(0, 8)}`;
    const [campaign] = await t.database.db.insert(campaigns).values({ slug, goalCents: 100_000 }).returning();
    if (status)
      await t.database.db.insert(fundraisers).values({ ownerId: owner.id, status, title, campaignId: campaign!.id });
    return campaign!.id;
  }
  const offered = (query = '') => getWith(t.app, `/api/admin/payments/campaigns${query}`, manager);

  it('offers the campaigns that take gifts, the main appeal first, then live fundraisers by name', async () => {
    const cleo = await buildLiveFundraiser(t.app, t.database.db, manager, { title: 'Chooser surgery for Cleo' });
    const bea = await campaignOf('Chooser walk for Bea', 'live');
    const ada = await campaignOf('chooser appeal for Ada', 'live');
    for (const status of ['closed', 'in_review', 'changes_requested', 'rejected'] as const)
      await campaignOf(`Chooser ${status}`, status);
    await campaignOf('Chooser bare');

    const found = await offered('?q=CHOOSER');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      items: [
        { id: ada, name: 'chooser appeal for Ada', mainAppeal: false },
        { id: cleo.campaignId, name: 'Chooser surgery for Cleo', mainAppeal: false },
        { id: bea, name: 'Chooser walk for Bea', mainAppeal: false },
      ],
      more: false,
    });
    const all = (await offered()).json();
    expect(all.items[0]).toEqual({
      id: await mainAppealId(t.database.db),
      name: "Maya's Endometriosis Surgery Fund",
      mainAppeal: true,
    });
    expect(all.items.map((c: { name: string }) => c.name)).toEqual([
      "Maya's Endometriosis Surgery Fund",
      'chooser appeal for Ada',
      'Chooser surgery for Cleo',
      'Chooser walk for Bea',
    ]);
    // Searched for as written: a wildcard matches only itself.
    expect((await offered('?q=%25')).json()).toEqual({ items: [], more: false });
  });

  it('answers a search twenty at a time, saying more match, and only to managers', async () => {
    for (let i = 1; i <= 21; i += 1) await campaignOf(`Bulk fundraiser ${String(i).padStart(2, '0')}`, 'live');
    const page = (await offered('?q=bulk')).json();
    expect(page.items).toHaveLength(20);
    expect(page.items[19].name).toBe('Bulk fundraiser 20');
    expect(page.more).toBe(true);

    const { cookie } = await signInAdmin(t.app, t.database.db, 'moderator');
    expect((await getWith(t.app, '/api/admin/payments/campaigns', cookie)).statusCode).toBe(403);
    const tooLong = await offered(`?q=${'x'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
  });

  it('records, splits and joins only to a campaign that takes gifts, or to a closed fundraiser', async () => {
    const live = await buildLiveFundraiser(t.app, t.database.db, manager, { title: 'Recorded surgery for Dee' });
    const inReview = await campaignOf('Takes no gifts', 'in_review');
    const bare = await campaignOf('Bare campaign');
    const main = await mainAppealId(t.database.db);
    const payment = await unmatched('IN-6', 2000);
    const other = await unmatched('IN-7', 1000);
    const giftsBefore = await t.database.db.$count(donations);
    const refused = (res: Awaited<ReturnType<typeof postJson>>) => {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        message: 'No such campaign takes gifts',
        fieldErrors: { campaignId: expect.any(String) },
      });
    };
    const record = (campaignId: string) =>
      postJson(
        t.app,
        `/api/admin/payments/${payment.id}/record`,
        { version: payment.version, campaignId },
        { cookie: manager },
      );
    refused(await record(inReview));
    refused(await record(bare));
    refused(
      await postJson(
        t.app,
        `/api/admin/payments/${payment.id}/split`,
        {
          version: payment.version,
          parts: [
            { campaignId: main, amount: 10 },
            { campaignId: inReview, amount: 10 },
          ],
        },
        { cookie: manager },
      ),
    );
    refused(
      await postJson(
        t.app,
        '/api/admin/payments/join',
        { payments: [payment, other].map((p) => ({ id: p.id, version: p.version })), campaignId: inReview },
        { cookie: manager },
      ),
    );
    expect(await t.database.db.$count(donations)).toBe(giftsBefore);
    const [still] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(still).toMatchObject({ state: 'unmatched', version: payment.version });

    const recorded = await record(live.campaignId);
    expect(recorded.statusCode).toBe(201);
    const [gift] = await t.database.db.select().from(donations).where(eq(donations.id, recorded.json().donationId));
    expect(gift).toMatchObject({ campaignId: live.campaignId, usdCents: 2000 });

    // A closed fundraiser is no choice in the chooser, but a gift made before it closed is still recorded to it.
    const closed = await buildLiveFundraiser(t.app, t.database.db, manager, { title: 'Closed surgery for Eve' });
    await t.database.db.update(fundraisers).set({ status: 'closed' }).where(eq(fundraisers.id, closed.fundraiser.id));
    const late = await postJson(
      t.app,
      `/api/admin/payments/${other.id}/record`,
      { version: other.version, campaignId: closed.campaignId },
      { cookie: manager },
    );
    expect(late.statusCode).toBe(201);
  });

  it('counts the inbox by age on the payments page, with each processor’s webhook address', async () => {
    const res = await getWith(t.app, '/api/admin/payments', manager);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.inbox.total).toBeGreaterThan(0);
    expect(page.processors.map((p: { webhookUrl: string }) => p.webhookUrl)).toContain(
      'http://localhost:3000/api/webhooks/stripe',
    );
    expect(page.processors.every((p: { enabled: boolean }) => !p.enabled)).toBe(true);
  });
});
