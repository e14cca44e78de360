/**
 * A mail provider that is down loses nothing (issue 35, decision 011): while a real SMTP server refuses every
 * message, gifts are recorded with donors' addresses, password resets are asked for and an update is posted to
 * followers; once it accepts again, the queue delivers every promised message exactly once (counted by the
 * idempotency key each carries in a header), and nothing else changed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { donations } from '../db/schema/index.ts';
import { postJson, setupTestApp } from '../../../tests/setup/test-app.ts';
import { MAIN_APPEAL_API } from '../../../tests/factories/donations.ts';
import { signUp, solveAltcha, STRONG_PASSWORD } from '../../../tests/setup/accounts.ts';
import { CAMPAIGN, campaignEditor } from '../../../tests/setup/campaign-editor.ts';
import { startSmtpCapture } from '../../../tests/setup/smtp.ts';
import { signInAdmin } from '../../../tests/factories/users.ts';
import { backgroundMailSent } from '../commands/run.ts';
import { DELIVERY_KEY_HEADER } from './mail-delivery.ts';

const smtp = await startSmtpCapture();
afterAll(() => smtp.close());
const t = setupTestApp({ env: { SMTP_URL: smtp.url } });

/** Reset mails queued so far. */
const queuedResets = async () =>
  (
    await t.app.database.sql.executeSql(
      `select count(*)::int as n from pgboss.job where name = 'mail' and data->>'kind' = 'password-reset'`,
    )
  ).rows.map((r) => (r as { n: number }).n)[0];

/** The delivery key of each message the SMTP server took, in the order it took them. */
const keysTaken = () =>
  smtp.messages.map((m) => {
    // A long header is folded onto the next line (RFC 5322): unfold before reading it.
    const headers = m.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    return new RegExp(`^${DELIVERY_KEY_HEADER}: (.+)$`, 'mi').exec(headers)?.[1]?.trim() ?? '(none)';
  });

describe('a mail provider that is down', () => {
  it('loses no receipt, reset link or update, keeps /readyz 200, and each mail arrives once when it accepts again', async () => {
    const manager = (await signInAdmin(t.app, t.database.db, 'manager')).cookie;
    const superAdmin = (await signInAdmin(t.app, t.database.db, 'super_admin')).cookie;
    const followers = [await signUp(t.app, { role: 'donor' }), await signUp(t.app, { role: 'donor' })];
    const editor = campaignEditor(t, () => superAdmin);
    for (const f of followers)
      expect((await editor.send('PUT', `${MAIN_APPEAL_API}/follow`, f.cookie)).statusCode).toBe(200);
    await postJson(t.app, '/api/admin/elevate', { password: STRONG_PASSWORD }, { cookie: manager });
    const taken = smtp.messages.length;

    smtp.refusing = true;
    const gifts = [];
    for (const donor of ['ana', 'bea', 'cleo'])
      gifts.push(
        await postJson(
          t.app,
          '/api/admin/add-donation',
          { amount: 25, paymentMethod: 'Zelle', donorEmail: `${donor}.outage@example.org` },
          { cookie: manager },
        ),
      );
    expect(gifts.map((g) => g.statusCode)).toEqual([201, 201, 201]);
    for (const f of followers) {
      const body = { email: f.person.email, altcha: await solveAltcha(t.app) };
      expect((await postJson(t.app, '/api/auth/request-password-reset', body)).statusCode).toBe(200);
    }
    // A reset link is made after the answer (its timing must not tell the account exists): wait for its jobs.
    await expect.poll(() => queuedResets()).toBe(2);
    const { version } = await editor.current();
    const update = await postJson(
      t.app,
      `${CAMPAIGN}/updates`,
      {
        date: '2026-11-27',
        title: 'Home from the hospital',
        paragraphs: ['Maya is home and resting.'],
        notifyFollowers: true,
        expectedVersion: version,
      },
      { cookie: superAdmin },
    );
    expect(update.statusCode).toBe(201);
    await backgroundMailSent();
    await t.app.jobs.drain(['mail'], { everything: false });
    expect(smtp.messages.length).toBe(taken);
    // Mail is not what the site's readiness means: the load balancer keeps sending visitors.
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);

    smtp.refusing = false;
    await t.app.jobs.drain(['mail', 'mail-hourly'], { everything: true });
    await t.app.jobs.drain(['mail', 'mail-hourly'], { everything: true });
    const keys = keysTaken().slice(taken);
    // Three receipts, two reset links, and the update to each follower: each once.
    expect(keys.filter((k) => k.startsWith('receipt:')).sort()).toEqual(
      gifts.map((g) => `receipt:${g.json().id}`).sort(),
    );
    expect(keys.filter((k) => k.startsWith('password-reset:'))).toHaveLength(2);
    expect(keys.filter((k) => k.startsWith('fundraiser-update:'))).toHaveLength(2);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(7);
    // Nothing else changed: the gifts stand as recorded, once each.
    expect((await t.database.db.select({ n: count() }).from(donations))[0]!.n).toBe(3);
  });
});
