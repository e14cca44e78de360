/**
 * Mail the site could not deliver (issue 35, decision 011): a receipt the mail server refuses all day is tried
 * from its job, kept as failed, counted on the dashboard and listed for super admins (what, when, how many tries,
 * the mail server's code; never the address), and a retry sends it once when the server takes mail again.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.ts';
import { memoryMail } from '../../../../tests/setup/memory-mail.ts';
import { DELIVERY_KEY_HEADER } from '../../services/mail-delivery.ts';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith, STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';

const mail = memoryMail(() =>
  Object.assign(new Error('421 4.3.0 try later <donor.down@example.org>'), { code: 'EENVELOPE', responseCode: 421 }),
);
const { sent, mailer } = mail;
const t = setupTestApp({ mailer });
let manager = '';
let superAdmin = '';

beforeAll(async () => {
  manager = (await signInAdmin(t.app, t.database.db, 'manager')).cookie;
  superAdmin = (await signInAdmin(t.app, t.database.db, 'super_admin')).cookie;
});
beforeEach(() => {
  sent.length = 0;
  mail.down = false;
});

/** Runs every waiting mail job now, whatever its retry time: a day of the mail server refusing, in a moment. */
const runTheDay = () => t.app.jobs.drain(['mail', 'mail-hourly'], { everything: true });

describe('mail the site could not deliver', () => {
  it('keeps a receipt refused all day as failed, lists it for super admins without its address, and a retry sends it once', async () => {
    await postJson(t.app, '/api/admin/elevate', { password: STRONG_PASSWORD }, { cookie: manager });
    mail.down = true;
    const gift = await postJson(
      t.app,
      '/api/admin/add-donation',
      { amount: 35, paymentMethod: 'Zelle', donorEmail: 'donor.down@example.org' },
      { cookie: manager },
    );
    expect(gift.statusCode).toBe(201);
    await runTheDay();

    const list = await getWith(t.app, '/api/admin/mail-failures', superAdmin);
    expect(list.statusCode).toBe(200);
    const [failure] = list.json().items;
    expect(failure).toMatchObject({
      queue: 'mail-hourly',
      kind: 'receipt',
      what: 'Donation receipt',
      reason: 'mail not sent: EENVELOPE: 421',
    });
    // Every try: the first at once, ten in the first hour's queue, twenty-four hourly.
    expect(failure.tries).toBe(35);
    expect(list.body).not.toContain('donor.down@example.org');
    expect((await getWith(t.app, '/api/admin/dashboard', manager)).json().failedMail).toBe(1);
    expect((await getWith(t.app, '/api/admin/mail-failures', manager)).statusCode).toBe(403);

    mail.down = false;
    const retry = (queue: unknown) =>
      postJson(t.app, `/api/admin/mail-failures/${failure.id}/retry`, { queue }, { cookie: superAdmin });
    expect((await retry('elsewhere')).statusCode).toBe(400);
    expect((await retry('mail')).statusCode).toBe(404);
    expect((await retry('mail-hourly')).statusCode).toBe(204);
    expect((await retry('mail-hourly')).statusCode).toBe(404);
    await runTheDay();
    await runTheDay();
    const receipts = sent.filter((m) => m.to === 'donor.down@example.org');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.headers).toMatchObject({ [DELIVERY_KEY_HEADER]: `receipt:${gift.json().id}` });
    expect((await getWith(t.app, '/api/admin/mail-failures', superAdmin)).json().items).toEqual([]);
    expect((await getWith(t.app, '/api/admin/dashboard', manager)).json().failedMail).toBe(0);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, failure.id));
    expect(audited.map((e) => e.action)).toEqual(['mail.retry']);
  });
});
