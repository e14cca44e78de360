/** A donor picks an amount and a payment method: an intent is recorded and the method's page opens. */
import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { donationIntents } from '../../src/server/db/schema/index.ts';
import { browserSuite, toastText, visit } from './fixtures.ts';

const suite = browserSuite();

async function latestIntent() {
  const [row] = await suite.site.database.db
    .select()
    .from(donationIntents)
    .orderBy(desc(donationIntents.createdAt))
    .limit(1);
  return row;
}

describe('the donate page', () => {
  it('keeps payment methods disabled without an amount and explains why when pressed', async () => {
    const { page } = await suite.newPage();
    await visit(page, '/donate');
    const paypal = page.getByRole('button', { name: /^PayPal/ });
    expect(await paypal.getAttribute('aria-disabled')).toBe('true');
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    // force: Playwright treats aria-disabled as not clickable, but a person can still press it.
    await paypal.click({ force: true });
    await expect.poll(() => alerts).toEqual(['Please select or enter a donation amount first.']);
    expect(await latestIntent()).toBeUndefined();
  });

  it('records an intent from a quick amount and opens PayPal with the amount on the path', async () => {
    const { page, context } = await suite.newPage();
    await visit(page, '/donate');
    await page.getByRole('button', { name: '$50', exact: true }).click();
    expect(await page.locator('#amount-summary').innerText()).toBe("You're donating: $50.00");

    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: /^PayPal/ }).click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(tab.url()).toBe('https://www.paypal.me/HealingCircleExample/50');
    await expect.poll(() => toastText(page)).toContain('Intent Saved');
    expect(await latestIntent()).toMatchObject({
      amountCents: 5000,
      paymentMethod: 'PayPal',
      message: null,
      status: 'open',
    });
  });

  it('records a custom amount with a message; the custom amount clears the quick choice and back', async () => {
    const { page, context } = await suite.newPage();
    await visit(page, '/donate');
    const quick = page.getByRole('button', { name: '$100', exact: true });
    await quick.click();
    const custom = page.getByLabel('Custom amount (USD)');
    await custom.fill('12.34');
    expect(await quick.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('#amount-summary').innerText()).toBe("You're donating: $12.34");
    await quick.click();
    expect(await custom.inputValue()).toBe('');
    await custom.fill('12.34');
    await page.getByLabel('Message of support (optional)').fill('  Get well soon  ');

    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: /^Venmo/ }).click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(tab.url()).toBe('https://venmo.com/u/HealingCircle-Example');
    await expect.poll(async () => (await latestIntent())?.paymentMethod).toBe('Venmo');
    expect(await latestIntent()).toMatchObject({ amountCents: 1234, message: 'Get well soon' });
  });

  it('records who gave when she says, and holds an email the browser finds invalid before anything opens', async () => {
    const { page, context } = await suite.newPage();
    await visit(page, '/donate');
    await page.getByRole('button', { name: '$25', exact: true }).click();
    await page.getByLabel('Your name', { exact: true }).fill('Ada L.');
    const email = page.getByLabel('Email for your thank-you and receipt');
    await email.fill('ada@');
    const before = await latestIntent();
    let opened = false;
    context.on('page', () => (opened = true));
    await page.getByRole('button', { name: /^CashApp/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('donor-email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#donor-email-error').innerText()).toBe(
      'Please enter a valid email address, or leave it empty.',
    );
    expect(opened).toBe(false);
    expect(await latestIntent()).toEqual(before);

    await email.fill('Ada@Example.org');
    const showPublicly = page.getByRole('checkbox', { name: /^Show my name and gift publicly/ });
    expect(await showPublicly.isChecked()).toBe(false);
    await showPublicly.check();
    const tab = context.waitForEvent('page');
    await page.getByRole('button', { name: /^CashApp/ }).click();
    await (await tab).waitForLoadState();
    await expect.poll(async () => (await latestIntent())?.paymentMethod).toBe('CashApp');
    expect(await latestIntent()).toMatchObject({
      amountCents: 2500,
      donorName: 'Ada L.',
      donorEmail: 'ada@example.org',
      showPublicly: true,
    });
  });

  it('refuses a custom amount below the minimum', async () => {
    const { page } = await suite.newPage();
    await visit(page, '/donate');
    await page.getByLabel('Custom amount (USD)').fill('0.5');
    expect(await page.locator('#amount-summary').innerText()).toBe('Amount must be at least $1');
    expect(await page.getByRole('button', { name: /^CashApp/ }).getAttribute('aria-disabled')).toBe('true');
  });

  it('has the social tags and canonical link', async () => {
    const { page } = await suite.newPage({ javaScriptEnabled: false });
    await page.goto('/donate');
    expect(await page.title()).toMatch(/Maya/);
    for (const selector of [
      'meta[name="description"]',
      'meta[name="keywords"]',
      'meta[property="og:title"]',
      'meta[property="og:image"]',
      'meta[name="twitter:card"]',
    ]) {
      expect(await page.locator(selector).getAttribute('content'), selector).toBeTruthy();
    }
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${suite.site.baseURL}/donate`);
    expect(await page.getByRole('link', { name: 'Back to Story' }).getAttribute('href')).toBe('/');
  });
});
