import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { fakeClock } from '../../services/clock.ts';
import { auditLog, donationIntents, donations } from '../../db/schema/index.ts';
import { postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp, STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { buildIntent } from '../../../../tests/factories/donations.ts';
import { ELEVATION_MS } from '../../plugins/access.ts';
import { actOnDonation } from '../../../../tests/factories/spending.ts';

const clock = fakeClock(new Date());
const t = setupTestApp({ clock });
let manager = '';

beforeAll(async () => {
  manager = (await signInAdmin(t.app, t.database.db, 'manager')).cookie;
});

const elevate = (cookie: string, password = STRONG_PASSWORD) =>
  postJson(t.app, '/api/admin/elevate', { password }, { cookie });
const gift = { amount: 120.5, message: null, paymentMethod: 'Zelle', donorName: 'Ruth B.', isAnonymous: false };

describe('the password gate', () => {
  it("opens only with the admin's own password, and closes on logout of the panel and by itself", async () => {
    expect((await getWith(t.app, '/api/admin/donations', manager)).statusCode).toBe(403);
    const wrong = await elevate(manager, 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Access Denied: Incorrect password.');
    expect((await elevate(manager)).statusCode).toBe(200);
    expect((await getWith(t.app, '/api/admin/donations', manager)).statusCode).toBe(200);

    await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/elevate',
      headers: { cookie: manager, origin: SITE_ORIGIN },
    });
    const locked = await getWith(t.app, '/api/admin/donations', manager);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ message: 'Re-enter your password to continue', code: 'STEP_UP_REQUIRED' });

    await elevate(manager);
    clock.advance(ELEVATION_MS + 1000);
    expect((await getWith(t.app, '/api/admin/donations', manager)).json().code).toBe('STEP_UP_REQUIRED');
  });

  it('is not for non-admins, whatever their password', async () => {
    const { cookie } = await signUp(t.app);
    expect((await elevate(cookie)).statusCode).toBe(403);
  });
});

describe('recording donations', () => {
  it('records an external donation, counts it in progress at once, and audits it', async () => {
    await elevate(manager);
    const res = await postJson(t.app, '/api/admin/add-donation', gift, { cookie: manager });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      amount: 120.5,
      amountCents: 12_050,
      paymentMethod: 'Zelle',
      donorName: 'Ruth B.',
    });
    expect((await t.app.inject('/api/fundraising/progress')).json()).toMatchObject({
      currentCents: 12_050,
      donorCount: 1,
    });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, res.json().id));
    expect(entry).toMatchObject({ action: 'donation.record', targetType: 'donation' });
  });

  it('keeps no name for an anonymous gift and counts a CAD gift at its USD equivalent', async () => {
    await elevate(manager);
    const res = await postJson(
      t.app,
      '/api/admin/add-donation',
      { ...gift, currency: 'CAD', amount: 100, usdAmount: 73, isAnonymous: true },
      { cookie: manager },
    );
    expect(res.json()).toMatchObject({ donorName: null, isAnonymous: true, currency: 'CAD', usdCents: 7300 });
    const needsUsd = await postJson(
      t.app,
      '/api/admin/add-donation',
      { ...gift, currency: 'CAD' },
      { cookie: manager },
    );
    expect(needsUsd.statusCode).toBe(400);
    expect(needsUsd.json()).toMatchObject({ fieldErrors: { usdAmount: expect.any(String) } });
  });

  it("answers the spec's message when the amount or method is missing, and records nothing", async () => {
    await elevate(manager);
    const [before] = await t.database.db.select({ n: count() }).from(donations);
    for (const body of [
      { ...gift, amount: undefined },
      { ...gift, paymentMethod: undefined },
      { ...gift, paymentMethod: 'Bitcoin' },
    ]) {
      const res = await postJson(t.app, '/api/admin/add-donation', body, { cookie: manager });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please fill in the amount and payment method.');
    }
    const [after] = await t.database.db.select({ n: count() }).from(donations);
    expect(after!.n).toBe(before!.n);
  });

  it('records one payment once: the same method and reference is refused', async () => {
    await elevate(manager);
    const first = await postJson(
      t.app,
      '/api/admin/add-donation',
      { ...gift, externalReference: 'ZL-0042' },
      { cookie: manager },
    );
    expect(first.statusCode).toBe(201);
    const again = await postJson(
      t.app,
      '/api/admin/add-donation',
      { ...gift, externalReference: 'ZL-0042' },
      { cookie: manager },
    );
    expect(again.statusCode).toBe(409);
  });

  it('turns an intent into a donation in one step, marking it matched; a second try is refused', async () => {
    await elevate(manager);
    const intent = await buildIntent(t.database.db, { amountCents: 5000 });
    const res = await postJson(
      t.app,
      '/api/admin/add-donation',
      { ...gift, amount: 50, intentId: intent.id },
      { cookie: manager },
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(donationIntents).where(eq(donationIntents.id, intent.id));
    expect(row!.status).toBe('matched');
    expect(
      (
        await postJson(
          t.app,
          '/api/admin/add-donation',
          { ...gift, amount: 50, intentId: intent.id },
          { cookie: manager },
        )
      ).statusCode,
    ).toBe(409);
  });

  it('records an intent once when two admins turn it into a donation at the same moment', async () => {
    await elevate(manager);
    const intent = await buildIntent(t.database.db, { amountCents: 2500 });
    const record = () =>
      postJson(t.app, '/api/admin/add-donation', { ...gift, amount: 25, intentId: intent.id }, { cookie: manager });
    const answers = await Promise.all([record(), record(), record()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const [recorded] = await t.database.db
      .select({ n: count() })
      .from(donations)
      .where(eq(donations.intentId, intent.id));
    expect(recorded!.n).toBe(1);
  });
});

describe('lists', () => {
  it('pages donations and open intents ten at a time, newest first, with the total', async () => {
    await elevate(manager);
    for (let i = 0; i < 12; i++)
      await buildIntent(t.database.db, { amountCents: 100 * (i + 1), createdAt: new Date(Date.now() + i * 1000) });
    const first = (await getWith(t.app, '/api/admin/donation-intents', manager)).json();
    expect(first).toMatchObject({ page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    const amounts = (first.items as { amountCents: number }[]).map((i) => i.amountCents);
    expect(amounts.slice(0, 3)).toEqual([1200, 1100, 1000]);
    expect(first.total).toBeGreaterThanOrEqual(12);
    const second = (await getWith(t.app, '/api/admin/donation-intents?page=2', manager)).json();
    expect(second).toMatchObject({ page: 2, total: first.total });
    expect(second.items).toHaveLength(first.total - 10);
    expect((await getWith(t.app, '/api/admin/donation-intents?page=zero', manager)).statusCode).toBe(400);
  });

  it('removes an intent from the open list, and audits it', async () => {
    await elevate(manager);
    const intent = await buildIntent(t.database.db);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/donation-intents/${intent.id}`,
      headers: { cookie: manager, origin: SITE_ORIGIN },
    });
    expect(del.statusCode).toBe(204);
    const { items } = (await getWith(t.app, '/api/admin/donation-intents?page=1', manager)).json();
    const ids = (items as { id: string }[]).map((i) => i.id);
    expect(ids).not.toContain(intent.id);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, intent.id))).toHaveLength(1);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/donation-intents/${intent.id}`,
      headers: { cookie: manager, origin: SITE_ORIGIN },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('corrections and exports', () => {
  it('edits a donation with a reason, keeping the amount, and audits before and after', async () => {
    await elevate(manager);
    const created = (
      await postJson(t.app, '/api/admin/add-donation', { ...gift, donorName: 'Ruht B.' }, { cookie: manager })
    ).json();
    const edit = (payload: Record<string, unknown>) => actOnDonation(t.app, manager, created.id, 'correct', payload);
    const correction = {
      donorName: 'Ruth B.',
      isAnonymous: false,
      message: null,
      externalReference: null,
      reason: 'Typo in the name',
    };
    // An edit cannot carry an amount (void and record again instead), nor go without a reason.
    expect((await edit({ ...correction, amount: 1 })).statusCode).toBe(400);
    expect((await edit({ ...correction, reason: '' })).statusCode).toBe(400);
    const res = await edit(correction);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ donorName: 'Ruth B.', amountCents: 12_050 });
    const [stored] = await t.database.db
      .select({ donorName: donations.donorName, amountCents: donations.amountCents, usdCents: donations.usdCents })
      .from(donations)
      .where(eq(donations.id, created.id));
    expect(stored).toEqual({ donorName: 'Ruth B.', amountCents: 12_050, usdCents: 12_050 });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, created.id))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(['donation.record', 'donation.edit']);
    expect(entries[1]!.before).toMatchObject({ donorName: 'Ruht B.', amountCents: 12_050 });
    expect(entries[1]!.after).toMatchObject({ donorName: 'Ruth B.', amountCents: 12_050, reason: 'Typo in the name' });
  });

  it('refuses (409) a correction or a void of a gift another manager corrected after she read it, changing nothing', async () => {
    await elevate(manager);
    const created = (
      await postJson(t.app, '/api/admin/add-donation', { ...gift, donorName: 'Ruht B.' }, { cookie: manager })
    ).json();
    const read = created.version as number;
    const first = { donorName: 'Ruth B.', isAnonymous: false, message: null, externalReference: null, reason: 'Typo' };
    expect((await actOnDonation(t.app, manager, created.id, 'correct', first)).statusCode).toBe(200);

    const second = { ...first, donorName: 'Ruth Brown', reason: 'Her full name' };
    const staleEdit = await actOnDonation(t.app, manager, created.id, 'correct', { ...second, version: read });
    expect(staleEdit.statusCode).toBe(409);
    expect(staleEdit.json()).toMatchObject({ code: 'CONFLICT', currentVersion: read + 1 });
    const staleVoid = await actOnDonation(t.app, manager, created.id, 'void', { reason: 'Twice', version: read });
    expect(staleVoid.statusCode).toBe(409);
    const [stored] = await t.database.db.select().from(donations).where(eq(donations.id, created.id));
    expect(stored).toMatchObject({ donorName: 'Ruth B.', voidedAt: null });
  });

  it('voids a mistaken donation: it stops counting, its intent reopens, and a reason is required', async () => {
    await elevate(manager);
    const intent = await buildIntent(t.database.db, { amountCents: 9900 });
    const created = (
      await postJson(
        t.app,
        '/api/admin/add-donation',
        { ...gift, amount: 99, intentId: intent.id },
        { cookie: manager },
      )
    ).json();
    const before = (await t.app.inject('/api/fundraising/progress')).json().currentCents as number;
    expect((await actOnDonation(t.app, manager, created.id, 'void', { reason: '' })).statusCode).toBe(400);
    expect((await actOnDonation(t.app, manager, created.id, 'void', { reason: 'Recorded twice' })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject('/api/fundraising/progress')).json().currentCents).toBe(before - 9900);
    const [row] = await t.database.db.select().from(donationIntents).where(eq(donationIntents.id, intent.id));
    expect(row!.status).toBe('open');
  });

  it('exports donations as CSV, with formulas neutralised', async () => {
    await elevate(manager);
    await postJson(
      t.app,
      '/api/admin/add-donation',
      { ...gift, donorName: '=HYPERLINK("http://evil")', message: 'Get well, "Maya"' },
      { cookie: manager },
    );
    const res = await getWith(t.app, '/api/admin/donations.csv', manager);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.split('\r\n')[0]).toBe(
      'id,created_at,amount,currency,usd_amount,payment_method,donor_name,anonymous,message,reference,intent_id,voided_at,campaign',
    );
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.body).toContain('"Get well, ""Maya"""');
    expect((await getWith(t.app, '/api/admin/donation-intents.csv', manager)).statusCode).toBe(200);
  });

  it('exports exactly the rows in the database, amounts to the cent', async () => {
    await elevate(manager);
    await postJson(
      t.app,
      '/api/admin/add-donation',
      { ...gift, amount: 0.07, currency: 'CAD', usdAmount: 0.05 },
      { cookie: manager },
    );
    const csvRows = (url: string) =>
      getWith(t.app, url, manager).then((res) =>
        res.body
          .trim()
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(',')),
      );

    const stored = await t.database.db.select().from(donations);
    const exported = new Map((await csvRows('/api/admin/donations.csv')).map((cells) => [cells[0], cells]));
    expect(exported.size).toBe(stored.length);
    for (const d of stored) {
      const cells = exported.get(d.id)!;
      expect(Math.round(Number(cells[2]) * 100), d.id).toBe(d.amountCents);
      expect(cells[3]).toBe(d.currency);
      expect(Math.round(Number(cells[4]) * 100), d.id).toBe(d.usdCents);
      expect(cells[5]).toBe(d.paymentMethod);
    }

    const intents = await t.database.db.select().from(donationIntents);
    const exportedIntents = new Map(
      (await csvRows('/api/admin/donation-intents.csv')).map((cells) => [cells[0], cells]),
    );
    expect(exportedIntents.size).toBe(intents.length);
    for (const i of intents)
      expect(exportedIntents.get(i.id)?.slice(2, 4)).toEqual([(i.amountCents / 100).toFixed(2), i.paymentMethod]);
  });
});
