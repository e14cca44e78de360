/**
 * The managers' Payments page: a PayPal statement previewed and imported on a phone, the inbox worked, and a payment
 * without a reference recorded to a patient's fundraiser found by name.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { donations, payments } from '../../src/server/db/schema/index.ts';
import { PAYPAL_HEADER, paypalLine } from '../../src/server/services/payments/statement-fixtures.ts';
import { STRONG_PASSWORD } from '../setup/accounts.ts';
import {
  browserSuite,
  expectNoAccessView,
  expectNoAxeViolations,
  liveFundraisersOnSite,
  PHONE,
  signInAsAdmin,
  signUpThroughApi,
  toastText,
  visit,
  type BrowserContext,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();

const inboxRows = (page: Page) => page.getByTestId('inbox-row');

/** Today as a PayPal download in Los Angeles writes it, so the payment sits beside an intent made now. */
function pacificNow() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return { Date: `${parts.month}/${parts.day}/${parts.year}`, Time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

/** A PayPal activity download of these donations, made now. */
function paypalStatement(lines: Record<string, string>[]): Buffer {
  const when = { ...pacificNow(), TimeZone: 'PST', Status: 'Completed', Currency: 'USD', Type: 'Donation Payment' };
  return Buffer.from(
    '\ufeff' +
      paypalLine(Object.fromEntries(PAYPAL_HEADER.map((c) => [c, c]))) +
      lines.map((line) => paypalLine({ ...when, ...line })).join(''),
  );
}

/** Two donations without a reference: $40.00 from Cleo (an open $40 PayPal intent fits it), $7.00 from Dan. */
const paypalCsv = (ids = ['E2E-PAY-1', 'E2E-PAY-2']) =>
  paypalStatement([
    { Name: 'Cleo', Gross: '40.00', Fee: '-1.46', 'Transaction ID': ids[0]! },
    { Name: 'Dan', Gross: '7.00', Fee: '-0.50', 'Transaction ID': ids[1]! },
  ]);

/** Opens the password window of the manager signed in to `context`, and imports a PayPal statement through the API. */
async function importAsManager(context: BrowserContext, baseURL: string, file: Buffer) {
  const origin = { origin: baseURL };
  const elevated = await context.request.post('/api/admin/elevate', {
    data: { password: STRONG_PASSWORD },
    headers: origin,
  });
  expect(elevated.status(), await elevated.text()).toBe(200);
  const imported = await context.request.post('/api/admin/payments/statements?source=paypal&format=paypal', {
    headers: origin,
    multipart: { statement: { name: 'activity.csv', mimeType: 'text/csv', buffer: file } },
  });
  expect(imported.status(), await imported.text()).toBe(201);
}

describe('admin payments', () => {
  it('shows signed-out visitors a sign-in view and patients a no-access view', async () => {
    const anonymous = await suite.newPage();
    await visit(anonymous.page, '/admin-payments');
    await anonymous.page.getByRole('heading', { level: 1, name: 'Please sign in' }).waitFor();
    expect(await anonymous.page.title()).toMatch(/^Payments/);

    const { page, context } = await suite.newPage();
    await signUpThroughApi(context, { role: 'patient' });
    await expectNoAccessView(page, '/admin-payments', /^Payments/);
  }, 60_000);

  it('a manager on a phone previews and imports a PayPal statement, records a suggestion and marks a payment as no gift', async () => {
    const donor = await suite.newPage();
    const intent = await donor.context.request.post('/api/donation-intent', {
      data: { amount: 40, paymentMethod: 'PayPal', message: null, timestamp: new Date().toISOString() },
    });
    expect(intent.status()).toBe(201);

    const { page, context } = await suite.newPage(PHONE);
    await signInAsAdmin(context, suite.site, 'manager', { firstName: 'Mara', lastName: 'Manager' });
    await visit(page, '/admin-payments');
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();

    // No processor is set up on the test site: each card says which variable turns it on.
    await expect
      .poll(() => page.getByTestId('processor-stripe').innerText())
      .toContain('Set STRIPE_WEBHOOK_SECRET to turn it on; see docs/payments.md');
    expect(await page.getByTestId('processor-paypal').innerText()).toContain('PAYPAL_WEBHOOK_ID');
    await page.getByText('Nothing waits: every payment is matched.').waitFor();
    await expectNoAxeViolations(page);

    // Preview: nothing is written, the counts and the rows say what importing would do.
    await page.getByLabel('Statement file (CSV)').setInputFiles({
      name: 'activity.csv',
      mimeType: 'text/csv',
      buffer: paypalCsv(),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('statement-preview').waitFor();
    expect(await page.getByTestId('preview-unmatched').innerText()).toBe('2');
    expect(await page.getByTestId('preview-known').innerText()).toBe('0');
    expect(await page.getByRole('region', { name: 'Statement preview rows' }).getByRole('row').count()).toBe(3);
    expect(await inboxRows(page).count()).toBe(0);
    await expectNoAxeViolations(page);

    // Importing records money: the password is asked for where she acted, then the import goes ahead.
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    const stepUp = page.getByTestId('step-up');
    await stepUp.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await stepUp.getByRole('button', { name: 'Unlock' }).click();
    await expect.poll(() => page.getByTestId('import-outcome').innerText()).toContain('Imported 2 rows.');
    expect(await page.getByTestId('import-outcome').innerText()).toContain('2 to the inbox');

    // The inbox is read again: both rows, the counts by age, Cleo's with the open intent suggested.
    await expect.poll(() => inboxRows(page).count()).toBe(2);
    expect(await page.getByTestId('inbox-ages').innerText()).toMatch(/Under a day\s*2/);
    const cleo = page.getByRole('article', { name: '$40.00 from Cleo' });
    const suggestion = cleo.getByRole('button', { name: /^Record as Anonymous’s HC-\S+ gift to .+ \(\$40\.00, / });
    await suggestion.waitFor();
    await expectNoAxeViolations(page);

    // One click records it.
    await suggestion.click();
    await expect.poll(() => toastText(page)).toContain('Payment Recorded');
    await expect.poll(() => inboxRows(page).count()).toBe(1);

    // Dan's $7.00 was no gift: said why.
    const dan = page.getByRole('article', { name: '$7.00 from Dan' });
    await dan.getByRole('button', { name: '$7.00 from Dan is not a gift' }).click();
    await dan.getByLabel('Why it is not a gift').fill('A refund of my own expenses');
    await dan.getByRole('button', { name: 'Mark as not a gift' }).click();
    await expect.poll(() => toastText(page)).toContain('Marked as Not a Gift');
    await page.getByText('Nothing waits: every payment is matched.').waitFor();
    await expectNoAxeViolations(page);

    // The page fits the phone: nothing scrolls the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }, 120_000);

  it('warns managers on the dashboard of payments unmatched for more than 48 hours, linking to the inbox', async () => {
    const { page, context } = await suite.newPage();
    await signInAsAdmin(context, suite.site, 'manager');
    await importAsManager(context, suite.site.baseURL, paypalCsv(['E2E-OLD-1', 'E2E-OLD-2']));

    await visit(page, '/admin-dashboard');
    await page.getByRole('link', { name: 'Payments' }).waitFor();
    expect(await page.getByTestId('unmatched-warning').count()).toBe(0);

    // Three days later, nobody has matched one of them.
    await suite.site.database.db
      .update(payments)
      .set({ receivedAt: new Date(Date.now() - 3 * 24 * 3600_000) })
      .where(eq(payments.externalId, 'E2E-OLD-1'));
    await visit(page, '/admin-dashboard');
    const warning = page.getByTestId('unmatched-warning');
    await expect.poll(() => warning.innerText()).toContain('1 payment has waited unmatched for more than 48 hours');
    await expectNoAxeViolations(page);
    await warning.getByRole('link', { name: 'Match them on the Payments page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    await expect.poll(() => page.getByTestId('inbox-ages').innerText()).toMatch(/Older than 2 days\s*1/);
  }, 60_000);

  it('a manager records a payment without a reference to a patient’s fundraiser she finds by name, by keyboard', async () => {
    const [noor] = await liveFundraisersOnSite(suite.site, 'Excision surgery for Noor', 'Travel costs for Ines');
    const { page, context } = await suite.newPage();
    await signInAsAdmin(context, suite.site, 'manager');
    await importAsManager(
      context,
      suite.site.baseURL,
      paypalStatement([{ Name: 'Flora', Gross: '25.00', Fee: '-1.03', 'Transaction ID': 'E2E-FUND-1' }]),
    );
    await visit(page, '/admin-payments');
    const flora = page.getByRole('article', { name: '$25.00 from Flora' });
    const chooser = flora.getByRole('combobox', { name: 'Record $25.00 from Flora to a campaign' });
    // Until she chooses, the payment goes to the main appeal.
    await expect.poll(() => chooser.inputValue()).toMatch(/^The main appeal \(.+\)$/);

    // Part of the name finds the fundraiser among every campaign that takes gifts; Down and Enter choose it.
    await chooser.fill('noor');
    const options = flora.getByRole('listbox', { name: 'Record $25.00 from Flora to a campaign' }).getByRole('option');
    await expect.poll(() => options.allInnerTexts()).toEqual(['Excision surgery for Noor']);
    await expectNoAxeViolations(page);
    await chooser.press('ArrowDown');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await chooser.press('Enter');
    expect(await chooser.inputValue()).toBe('Excision surgery for Noor');
    expect(await chooser.getAttribute('aria-expanded')).toBe('false');

    await flora.getByRole('button', { name: 'Record to this campaign' }).click();
    await expect.poll(() => toastText(page)).toContain('Payment Recorded');
    await expect.poll(() => flora.count()).toBe(0);
    const [gift] = await suite.site.database.db
      .select()
      .from(donations)
      .where(eq(donations.externalReference, 'E2E-FUND-1'));
    expect(gift).toMatchObject({ campaignId: noor!.campaignId, usdCents: 2500, usdFeeCents: 103 });
  }, 90_000);
});
