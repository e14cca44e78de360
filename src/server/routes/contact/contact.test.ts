import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, postJson, setupTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../../tests/setup/smtp.ts';
import { solveAltcha } from '../../../../tests/setup/accounts.ts';
import { contactMessages, outbox, rateLimits } from '../../db/schema/index.ts';

const valid = {
  name: 'Ada Example',
  email: 'ada@example.com',
  subject: 'Question about the fund',
  message: 'How can I send a cheque?',
};

describe('POST /api/contact (no SMTP: the outbox)', () => {
  const t = setupTestApp();
  beforeEach(async () => {
    await t.database.db.delete(rateLimits);
  });

  async function messageCount() {
    const [row] = await t.database.db.select({ n: count() }).from(contactMessages);
    return row!.n;
  }

  it('stores the message and mails it to the support address', async () => {
    const res = await postJson(t.app, '/api/contact', { ...valid, altcha: await solveAltcha(t.app) });
    expect(res.statusCode).toBe(201);
    const [stored] = await t.database.db.select().from(contactMessages);
    expect(stored).toMatchObject({ ...valid, status: 'new' });
    const [mail] = await t.database.db.select().from(outbox);
    expect(mail!.to).toBe('support@example.org');
    expect(mail!.subject).toContain('Question about the fund');
    expect(mail!.text).toContain('How can I send a cheque?');
  });

  it.each(['name', 'email', 'subject', 'message'] as const)(
    'refuses a missing or blank %s with the spec message, writing nothing',
    async (field) => {
      const before = await messageCount();
      for (const value of [undefined, '', '   ']) {
        const res = await postJson(t.app, '/api/contact', {
          ...valid,
          [field]: value,
          altcha: await solveAltcha(t.app),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          message: 'Please fill in all fields',
          fieldErrors: { [field]: 'Please fill in all fields' },
        });
      }
      expect(await messageCount()).toBe(before);
    },
  );

  it('counts its rate limit apart from other routes', async () => {
    for (let i = 0; i < 10; i++) await postJson(t.app, '/api/events', { name: 'page_view', path: '/' });
    expect((await postJson(t.app, '/api/contact', { ...valid, altcha: await solveAltcha(t.app) })).statusCode).toBe(
      201,
    );
  });

  it('limits how many messages one client can send', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await postJson(t.app, '/api/contact', { ...valid, altcha: await solveAltcha(t.app) })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('needs human verification', async () => {
    const res = await postJson(t.app, '/api/contact', { ...valid, altcha: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Human verification did not complete/);
  });

  it('refuses an invalid email address', async () => {
    const res = await postJson(t.app, '/api/contact', {
      ...valid,
      email: 'not-an-email',
      altcha: await solveAltcha(t.app),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Please enter a valid email address',
      fieldErrors: { email: 'Please enter a valid email address' },
    });
  });
});

describe('POST /api/contact (SMTP)', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Healing Circle <no-reply@example.org>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the message over SMTP with the visitor as reply-to', async () => {
    const res = await postJson(t.app, '/api/contact', { ...valid, altcha: await solveAltcha(t.app) });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.next();
    expect(mail.to).toEqual(['support@example.org']);
    expect(mail.from).toBe('no-reply@example.org');
    expect(mail.raw).toMatch(/Reply-To: ada@example\.com/i);
    expect(mail.raw).toContain('How can I send a cheque?');
    expect(await t.database.db.select().from(outbox)).toHaveLength(0);
  });
});
