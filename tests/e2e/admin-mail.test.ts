/**
 * Mail the site could not deliver (issue 35): a receipt the mail server refused all day shows on a super admin's
 * phone, counted on the dashboard, with what it was, its tries and the server's code but never the donor's
 * address; "Send again" delivers it once when the mail server takes mail again.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox } from '../../src/server/db/schema/index.ts';
import type { MailMessage } from '../../src/server/services/mail.ts';
import { STRONG_PASSWORD } from '../setup/accounts.ts';
import { browserSuite, expectNoAxeViolations, PHONE, signInAsAdmin, toastText, visit } from './fixtures.ts';

const suite = browserSuite();
const DONOR = 'refused.all.day@example.org';

describe('mail not delivered', () => {
  it('a super admin on a phone reads a receipt the mail server refused all day and sends it again, once', async () => {
    const { app, database } = suite.site;
    const { page, context } = await suite.newPage(PHONE);
    await signInAsAdmin(context, suite.site, 'super_admin');
    const origin = { origin: suite.site.baseURL };
    const elevated = await context.request.post('/api/admin/elevate', {
      data: { password: STRONG_PASSWORD },
      headers: origin,
    });
    expect(elevated.status(), await elevated.text()).toBe(200);

    // The mail server refuses everything while the gift is recorded and for the day its job tries.
    const send = app.mailer.send.bind(app.mailer);
    app.mailer.send = (message: MailMessage) =>
      message.to === DONOR
        ? Promise.reject(Object.assign(new Error(`550 no such user <${DONOR}>`), { responseCode: 550 }))
        : send(message);
    const gift = await context.request.post('/api/admin/add-donation', {
      data: { amount: 42, paymentMethod: 'Zelle', donorEmail: DONOR },
      headers: origin,
    });
    expect(gift.status()).toBe(201);
    await app.jobs.drain(['mail', 'mail-hourly'], { everything: true });

    await visit(page, '/admin-dashboard');
    await expect.poll(() => page.getByTestId('figure-mail').innerText()).toBe('1');
    await page.getByRole('link', { name: /See undelivered mail/ }).click();
    const list = page.getByRole('list', { name: 'Undelivered mail' });
    await list.waitFor();
    const row = list.getByRole('listitem').filter({ hasText: 'Donation receipt' });
    expect((await row.innerText()).replace(/\s+/g, ' ')).toMatch(
      /^Donation receipt First tried .+ Given up .+ Tries 35 Why mail not sent: 550 Send again$/,
    );
    expect(await page.content()).not.toContain(DONOR);
    await expectNoAxeViolations(page);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-mail.png` });

    app.mailer.send = send;
    await row.getByRole('button', { name: /Send again/ }).click();
    await expect.poll(() => toastText(page)).toContain('Sent for another try');
    await page.getByText('All mail was delivered.').waitFor();
    await app.jobs.drain(['mail', 'mail-hourly'], { everything: true });
    expect(await database.db.select().from(outbox).where(eq(outbox.to, DONOR))).toHaveLength(1);
  }, 90_000);
});
