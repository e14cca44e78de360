/**
 * The donor's thank-you and receipt (issue 16): one mail per recorded gift that has an address, also when the
 * request is retried or two admins record the same intent at once; none once the gift is voided; one the mail
 * server refused is delivered by its job; a full refund sends a short notice.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { donations } from '../../db/schema/index.ts';
import { fakeClock } from '../../services/clock.ts';
import { DELIVERY_KEY_HEADER } from '../../services/mail-delivery.ts';
import { memoryMail } from '../../../../tests/setup/memory-mail.ts';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { refundDonation, actOnDonation } from '../../../../tests/factories/spending.ts';

const mail = memoryMail(() => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
const { sent, mailer } = mail;
const clock = fakeClock(new Date('2026-11-24T10:00:00Z'));
const t = setupTestApp({ mailer, clock });
const managers: string[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i++) managers.push((await signInAdmin(t.app, t.database.db, 'manager')).cookie);
});
beforeEach(async () => {
  sent.length = 0;
  mail.down = false;
  for (const cookie of managers) await postJson(t.app, '/api/admin/elevate', { password: STRONG_PASSWORD }, { cookie });
});

const record = (body: Record<string, unknown>, cookie = managers[0]!) =>
  postJson(t.app, '/api/admin/add-donation', { amount: 120.5, paymentMethod: 'Zelle', ...body }, { cookie });
const mailsTo = (address: string) => sent.filter((m) => m.to === address);

describe("a donor's receipt", () => {
  it('thanks her once with the amount, currency, method, date, campaign, transparency link and receipt wording', async () => {
    const res = await record({ donorName: 'Ruth B.', donorEmail: 'ruth@example.org', externalReference: 'Z-100' });
    expect(res.statusCode).toBe(201);
    expect(mailsTo('ruth@example.org')).toHaveLength(1);
    const [mail] = mailsTo('ruth@example.org');
    expect(mail!.subject).toBe("Thank you for your gift to Maya's Endometriosis Surgery Fund");
    for (const words of [
      'Dear Ruth B.,',
      'Amount: $120.50 USD',
      'Method: Zelle',
      'Date: November 24, 2026',
      "Campaign: Maya's Endometriosis Surgery Fund",
      'http://localhost:3000/transparency',
      'It is not a tax receipt',
    ])
      expect(mail!.text).toContain(words);

    // The admin's retry of the same payment is refused and mails nothing more.
    expect((await record({ donorEmail: 'ruth@example.org', externalReference: 'Z-100' })).statusCode).toBe(409);
    expect(mailsTo('ruth@example.org')).toHaveLength(1);
  });

  it('names the method as the donate page does: a gift by Buy Me a Coffee is recorded and thanked as such', async () => {
    const res = await record({ paymentMethod: 'Buy Me a Coffee', donorEmail: 'coffee@example.org' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ paymentMethod: 'Buy Me a Coffee' });
    expect(mailsTo('coffee@example.org')[0]!.text).toContain('Method: Buy Me a Coffee');
    // The old spelling is not a second name for it.
    expect((await record({ paymentMethod: 'Buy Me Coffee' })).statusCode).toBe(400);
  });

  it('goes once when two admins record the same intent at the same moment', async () => {
    const intent = await postJson(t.app, '/api/donation-intent', {
      amount: 40,
      paymentMethod: 'PayPal',
      timestamp: new Date().toISOString(),
      donorEmail: 'twice@example.org',
    });
    const answers = await Promise.all(
      managers.map((cookie) => record({ amount: 40, paymentMethod: 'PayPal', intentId: intent.json().id }, cookie)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(mailsTo('twice@example.org')).toHaveLength(1);
    expect(mailsTo('twice@example.org')[0]!.text).toContain('Amount: $40.00 USD');
  });

  it('states a gift in another currency with its USD estimate, and is not sent without an address', async () => {
    await record({ amount: 100, currency: 'CAD', usdAmount: 73, donorEmail: 'claire@example.org' });
    expect(mailsTo('claire@example.org')[0]!.text).toContain('Amount: CA$100.00 CAD (about $73.00 USD)');
    const before = sent.length;
    expect((await record({ donorName: 'No Address' })).statusCode).toBe(201);
    expect(sent.length).toBe(before);
  });

  it('is delivered by its job when the mail server was down, once, and never once the gift is voided', async () => {
    mail.down = true;
    const kept = await record({ donorEmail: 'later@example.org' });
    const voided = await record({ donorEmail: 'voided@example.org' });
    expect(kept.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(donations).where(eq(donations.id, kept.json().id));
    expect(row!.receiptSentAt).toBeNull();
    const voiding = await actOnDonation(t.app, managers[0]!, voided.json().id, 'void', {
      reason: 'Entered by mistake',
    });
    expect(voiding.statusCode).toBe(204);

    mail.down = false;
    await t.app.jobs.drain(['mail'], { everything: true });
    await t.app.jobs.drain(['mail'], { everything: true });
    expect(mailsTo('later@example.org')).toHaveLength(1);
    expect(mailsTo('later@example.org')[0]!.headers).toMatchObject({
      [DELIVERY_KEY_HEADER]: `receipt:${kept.json().id}`,
    });
    expect(mailsTo('voided@example.org')).toHaveLength(0);
    const [after] = await t.database.db.select().from(donations).where(eq(donations.id, kept.json().id));
    expect(after!.receiptSentAt).not.toBeNull();
  });

  it('is followed by a short notice when the gift is refunded in full, not for a part', async () => {
    const gift = await record({ amount: 60, donorEmail: 'refund@example.org' });
    const refund = (amount: number) =>
      refundDonation(t.app, managers[0]!, gift.json().id, { amount, reason: 'Asked for it back' });
    expect((await refund(20)).statusCode).toBe(200);
    expect(mailsTo('refund@example.org').map((m) => m.subject)).toEqual([
      "Thank you for your gift to Maya's Endometriosis Surgery Fund",
    ]);
    expect((await refund(40)).statusCode).toBe(200);
    const notice = mailsTo('refund@example.org')[1]!;
    expect(notice.subject).toBe("Your gift to Maya's Endometriosis Surgery Fund was refunded");
    expect(notice.text).toContain('Amount: $60.00 USD');
  });
});
