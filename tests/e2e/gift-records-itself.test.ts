/**
 * Issue 36's whole donor path on a phone: she gives $50 by PayPal and copies her reference; PayPal's signed event
 * records the gift (its fee on a line of its own in the ledger), her receipt goes once, /thank-you says it is
 * counted; PayPal's signed refund reverses it (off the wall, into the ledger's refunds), the refund notice goes
 * once, and /thank-you says so.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { outbox } from '../../src/server/db/schema/index.ts';
import { buildDonation } from '../factories/donations.ts';
import {
  paypalCaptureCompleted,
  paypalCaptureRefunded,
  paypalDelivery,
  paypalTestPki,
  type Delivery,
} from '../setup/processor-events.ts';
import { browserSuite, expectNoAxeViolations, PHONE, visit, type Page } from './fixtures.ts';
import { quickAmount } from './gift-form.ts';

const WEBHOOK_ID = '8PT597110X687430LKGECATA';
// The site trusts this test authority's certificates (in-process, as the API tests do): never PayPal's own.
const pki = paypalTestPki();
const suite = browserSuite({ env: { PAYPAL_WEBHOOK_ID: WEBHOOK_ID }, paypalCertificates: pki.certificates });

const DONOR = { name: 'Marisol P.', email: 'marisol@example.org' };

/** POSTs a delivery to the site as PayPal would, over HTTP. */
async function deliver({ body, headers }: Delivery) {
  const res = await fetch(`${suite.site.baseURL}/api/webhooks/paypal`, {
    method: 'POST',
    body: new Uint8Array(body),
    headers,
  });
  expect(res.status).toBe(200);
}

/** The mails to her whose subject matches, from the outbox. */
const mailsTo = (to: string, subject: string) =>
  suite.site.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), like(outbox.subject, subject)));

/** Opens the campaign page and waits for the raised amount it is expected to show. */
async function campaignShows(page: Page, raised: string) {
  await visit(page, '/');
  await expect.poll(() => page.getByTestId('amount-raised').innerText()).toBe(raised);
  return page.getByRole('region', { name: 'Recent Supporters' });
}

const giftStatus = (page: Page) => page.getByRole('status').filter({ hasText: /gift/ });

describe('a gift that records itself', () => {
  it('is counted from PayPal’s signed event with its fee apart, and reversed by PayPal’s signed refund', async () => {
    // Someone gave before her: the campaign holds more than her gift's net, so PayPal's full refund can be paid.
    await buildDonation(suite.site.database.db, { amountCents: 10_000, donorName: 'Earlier Giver' });
    suite.site.refreshProgress();

    const { page, context } = await suite.newPage(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.site.baseURL });
    await visit(page, '/donate');
    await quickAmount(page, 50).tap();
    await page.getByLabel('Your name', { exact: true }).fill(DONOR.name);
    await page.getByLabel('Email for your thank-you and receipt').fill(DONOR.email);
    await page.getByRole('checkbox', { name: /^Show my name and gift publicly/ }).check();

    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: /^PayPal/ }).tap();
    const tab = await opened;
    await tab.waitForURL('https://www.paypal.me/HealingCircleExample/50');
    await tab.close();

    const line = page.getByText("to the payment's note so we can thank you");
    const said = await line.innerText();
    const reference = /^Add (HC-[2-9A-HJKMNP-TV-Z]{4,6}) to the payment's note so we can thank you$/.exec(said)?.[1];
    expect(reference, said).toBeDefined();
    await page.getByRole('button', { name: 'Copy reference' }).tap();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);

    // PayPal's event: her $50 with the reference she added, less PayPal's $2.24.
    const capture = paypalCaptureCompleted({ customId: reference!, amountCents: 5000, feeCents: 224 });
    await deliver(paypalDelivery(capture, WEBHOOK_ID, pki.signer));

    const wall = await campaignShows(page, '$150');
    await expect.poll(() => wall.innerText()).toContain(DONOR.name);
    const hers = wall.getByRole('listitem').filter({ hasText: DONOR.name });
    expect((await hers.innerText()).replace(/\s+/g, ' ')).toMatch(/^Marisol P\. via PayPal · .+ \$50$/);

    await visit(page, '/transparency');
    await expect.poll(() => page.getByTestId('total-raisedCents').innerText()).toBe('$150.00');
    expect(await page.getByTestId('total-feesCents').innerText()).toBe('\u2212$2.24');
    expect(await page.getByTestId('total-heldCents').innerText()).toBe('$147.76');
    const listed = page.getByTestId('donations-list').getByRole('listitem').filter({ hasText: DONOR.name });
    expect((await listed.innerText()).replace(/\s+/g, ' ')).toContain('$50.00 Processor fee \u2212$2.24');
    await expectNoAxeViolations(page);

    await expect.poll(async () => (await mailsTo(DONOR.email, 'Thank you for your gift to %')).length).toBe(1);

    await visit(page, `/thank-you?ref=${reference}`);
    await expect.poll(() => giftStatus(page).innerText()).toMatch(`Your gift (${reference}) is counted in`);
    await expectNoAxeViolations(page);

    // PayPal refunds the whole capture: the gift leaves the progress and the wall, and she is told once.
    const captureId = (capture as { resource: { id: string } }).resource.id;
    await deliver(paypalDelivery(paypalCaptureRefunded({ captureId, amountCents: 5000 }), WEBHOOK_ID, pki.signer));

    // The progress bar counts what was raised (refunds are a line of their own in the ledger): her gift leaves the
    // wall, which lists only gifts that still stand.
    await visit(page, '/');
    const wallNow = page.getByRole('region', { name: 'Recent Supporters' });
    await expect.poll(() => wallNow.innerText()).toContain('Anonymous');
    await expect.poll(() => wallNow.innerText()).not.toContain(DONOR.name);
    await expect.poll(async () => (await mailsTo(DONOR.email, 'Your gift to % was refunded')).length).toBe(1);

    await visit(page, `/thank-you?ref=${reference}`);
    await expect.poll(() => giftStatus(page).innerText()).toMatch(`Your gift (${reference}) was refunded`);
    await expectNoAxeViolations(page);

    await visit(page, '/transparency');
    await expect.poll(() => page.getByTestId('total-refundedCents').innerText()).toBe('$50.00');
    // The fee stays: PayPal kept it, and the refund paid her the whole $50.
    expect(await page.getByTestId('total-feesCents').innerText()).toBe('\u2212$2.24');
    expect(await page.getByTestId('total-heldCents').innerText()).toBe('$97.76');
    await expectNoAxeViolations(page);

    // Each mail went once, whatever was resent or re-read along the way.
    expect(await mailsTo(DONOR.email, 'Thank you for your gift to %')).toHaveLength(1);
    expect(await mailsTo(DONOR.email, 'Your gift to % was refunded')).toHaveLength(1);
  }, 120_000);
});
