/** A donor picks an amount and a payment method: an intent is recorded and the method's page opens. */
import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { donationIntents } from '../../src/server/db/schema/index.ts';
import {
  browserSuite,
  expectNoAxeViolations,
  PHONE,
  signUpSettledThroughApi,
  toastText,
  visit,
  type Page,
} from './fixtures.ts';
import { actBeforeHydration, describedBy, doubleTapMethod, quickAmount, watchGifts } from './gift-form.ts';

const suite = browserSuite();

const intentsWithMessage = (message: string) =>
  suite.site.database.db.select().from(donationIntents).where(eq(donationIntents.message, message));

/** Hydration errors: the first render in the browser did not match the prerendered HTML. */
function watchForHydrationErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/hydrat|did not match|#418|#425|#423/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

async function latestIntent() {
  const [row] = await suite.site.database.db
    .select()
    .from(donationIntents)
    .orderBy(desc(donationIntents.createdAt))
    .limit(1);
  return row;
}

describe('the donate page', () => {
  it('says beside the amount, not in a dialog, why a payment method needs an amount, for none and for too much', async () => {
    const { page, context } = await suite.newPage(PHONE);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const seen = watchGifts(page, context);
    await visit(page, '/donate');
    // The form's one true heading: the crowdfunding link above it is hidden on a live site without one.
    expect(await page.getByRole('heading', { level: 2, name: 'Your Gift', exact: true }).count()).toBe(1);
    expect(await page.getByText('Alternative Payment Options').count()).toBe(0);
    const paypal = page.getByRole('button', { name: /^PayPal/ });
    expect(await paypal.getAttribute('aria-disabled')).toBe('true');
    const custom = page.getByLabel('Custom amount (USD)');

    // force: Playwright treats aria-disabled as not clickable, but a person can still press it.
    await paypal.click({ force: true });
    await expect.poll(() => describedBy(custom)).toBe('Please select or enter a donation amount first.');
    expect(await custom.evaluate((el) => el === document.activeElement)).toBe(true);

    await custom.fill('1e9');
    await expect.poll(() => describedBy(custom)).toBe('Amount must be at most $1,000,000');
    expect(await custom.getAttribute('aria-invalid')).toBe('true');
    await paypal.click({ force: true });
    expect(await custom.evaluate((el) => el === document.activeElement)).toBe(true);
    // Beside the amount: the message is right under the field, in view where she looks.
    const error = page.getByText('Amount must be at most $1,000,000');
    const [field, said] = [(await custom.boundingBox())!, (await error.boundingBox())!];
    expect(said.y - (field.y + field.height)).toBeLessThan(16);
    await expectNoAxeViolations(page);

    expect(dialogs).toEqual([]);
    expect(seen).toEqual({ intentPosts: [], tabs: [] });
    expect(await latestIntent()).toBeUndefined();
  });

  it('records an intent from a quick amount and opens PayPal with the amount on the path', async () => {
    const { page, context } = await suite.newPage();
    await visit(page, '/donate');
    await quickAmount(page, 50).click();
    expect(await page.locator('#amount-summary').innerText()).toBe("You're donating: $50.00");

    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: /^PayPal/ }).click();
    // Blank at first, then sent on once the intent answers (PayPal.me takes no reference).
    await (await opened).waitForURL('https://www.paypal.me/HealingCircleExample/50');
    await expect.poll(() => toastText(page)).toContain('Intent Saved');
    expect(await latestIntent()).toMatchObject({
      amountCents: 5000,
      paymentMethod: 'PayPal',
      message: null,
      status: 'open',
    });
  });

  it('records a custom amount with a message and opens Venmo with it; the custom amount clears the quick choice and back', async () => {
    const { page, context } = await suite.newPage();
    await visit(page, '/donate');
    const quick = page.getByRole('radio', { name: '$100', exact: true });
    await quickAmount(page, 100).click();
    expect(await quick.isChecked()).toBe(true);
    const custom = page.getByLabel('Custom amount (USD)');
    await custom.fill('12.34');
    expect(await quick.isChecked()).toBe(false);
    expect(await page.locator('#amount-summary').innerText()).toBe("You're donating: $12.34");
    await quickAmount(page, 100).click();
    expect(await custom.inputValue()).toBe('');
    await custom.fill('12.34');
    await page.getByLabel('Message of support (optional)').fill('  Get well soon  ');

    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: /^Venmo/ }).click();
    // With the gift's reference as the payment's note, once the server names one (issue 36).
    await (
      await opened
    ).waitForURL(
      /^https:\/\/venmo\.com\/u\/HealingCircle-Example\?txn=pay&amount=12\.34(&note=HC-[2-9A-HJKMNP-TV-Z]{4,6})?$/,
    );
    await expect.poll(async () => (await latestIntent())?.paymentMethod).toBe('Venmo');
    expect(await latestIntent()).toMatchObject({ amountCents: 1234, message: 'Get well soon' });
  });

  it('records who gave when she says, holds an email the browser finds invalid before anything opens, and opens CashApp with the amount', async () => {
    const { page, context } = await suite.newPage();
    await visit(page, '/donate');
    await quickAmount(page, 25).click();
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
    await (await tab).waitForURL('https://cash.app/$HealingCircleExample/25');
    await expect.poll(async () => (await latestIntent())?.paymentMethod).toBe('CashApp');
    expect(await latestIntent()).toMatchObject({
      amountCents: 2500,
      donorName: 'Ada L.',
      donorEmail: 'ada@example.org',
      showPublicly: true,
    });
  });

  it('refuses a custom amount below the minimum, saying so beside it', async () => {
    const { page } = await suite.newPage();
    await visit(page, '/donate');
    const custom = page.getByLabel('Custom amount (USD)');
    await custom.fill('0.5');
    await expect.poll(() => describedBy(custom)).toBe('Amount must be at least $1');
    expect(await page.locator('#amount-summary').innerText()).toBe('Select or enter an amount to continue.');
    expect(await page.getByRole('button', { name: /^CashApp/ }).getAttribute('aria-disabled')).toBe('true');
  });

  it('opens one tab and records one intent for a fast double tap on a payment method', async () => {
    const { page, context } = await suite.newPage(PHONE);
    await visit(page, '/donate');
    await quickAmount(page, 50).tap();
    await page.getByLabel('Message of support (optional)').fill('One tap, one gift');
    const seen = await doubleTapMethod(page, context, /^PayPal/);
    expect(seen.intentPosts).toHaveLength(1);
    expect(seen.opened).toHaveLength(1);
    await seen.tabs[0]!.waitForURL('https://www.paypal.me/HealingCircleExample/50');
    expect(seen.tabs).toHaveLength(1);
    expect(await intentsWithMessage('One tap, one gift')).toHaveLength(1);
  });

  it('keeps an amount tapped and a message typed on a slow phone before the page hydrated', async () => {
    const { page, context } = await actBeforeHydration(suite.newPage, '/donate', async (p) => {
      await quickAmount(p, 25).tap();
      await p.getByLabel('Message of support (optional)').fill('Typed before the page was ready');
    });
    await expect.poll(() => page.locator('#amount-summary').innerText()).toBe("You're donating: $25.00");
    expect(await page.getByRole('radio', { name: '$25', exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Message of support (optional)').inputValue()).toBe('Typed before the page was ready');
    const tab = context.waitForEvent('page');
    await page.getByRole('button', { name: /^PayPal/ }).tap();
    await (await tab).waitForURL('https://www.paypal.me/HealingCircleExample/25');
    await expect.poll(async () => (await intentsWithMessage('Typed before the page was ready')).length).toBe(1);
    expect((await intentsWithMessage('Typed before the page was ready'))[0]).toMatchObject({ amountCents: 2500 });
  }, 60_000);

  it('shows the amount large on the way out to a method whose page cannot take it', async () => {
    const { page, context } = await suite.newPage(PHONE);
    await visit(page, '/donate');
    await quickAmount(page, 50).tap();
    const tab = context.waitForEvent('page');
    await page.getByRole('button', { name: /^Buy Me a Coffee/ }).tap();
    await (await tab).waitForURL('https://www.buymeacoffee.com/healingcircleexample');
    const send = page.getByText('Send $50.00 to Healing Circle');
    await send.waitFor();
    expect(await send.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(24);
    expect(await page.getByText(/Buy Me a Coffee opened in a new tab/).innerText()).toContain('enter $50.00 there');
    await expectNoAxeViolations(page);
  });

  it('fills in a signed-in donor’s name and email, which she can change before giving', async () => {
    const { page, context } = await suite.newPage(PHONE);
    const problems = watchForHydrationErrors(page);
    const donor = await signUpSettledThroughApi(context, suite.site, {
      role: 'donor',
      firstName: 'Ada',
      lastName: 'Byron',
    });
    await visit(page, '/donate');
    const name = page.getByLabel('Your name', { exact: true });
    const email = page.getByLabel('Email for your thank-you and receipt');
    // Filled once she comes to the fields, from her session: the page itself is the same for everyone.
    await name.scrollIntoViewIfNeeded();
    await expect.poll(() => name.inputValue()).toBe('Ada Byron');
    expect(await email.inputValue()).toBe(donor.email);
    await name.fill('A friend of Maya');
    await quickAmount(page, 25).tap();
    const tab = context.waitForEvent('page');
    await page.getByRole('button', { name: /^PayPal/ }).tap();
    await tab;
    await expect.poll(async () => (await latestIntent())?.donorName).toBe('A friend of Maya');
    expect(await latestIntent()).toMatchObject({ donorEmail: donor.email, amountCents: 2500 });
    expect(problems).toEqual([]);
  });

  it('counts a gift message’s characters as she types and says so when it reaches the limit', async () => {
    const { page } = await suite.newPage(PHONE);
    await visit(page, '/donate');
    const message = page.getByLabel('Message of support (optional)');
    await message.fill('Get well soon');
    expect(await describedBy(message)).toBe('13 of 1,000 characters');
    // Pasted past the limit: the field keeps 1,000 characters, and says that is where it stopped.
    await message.fill('x'.repeat(1_200));
    expect(await message.inputValue()).toHaveLength(1_000);
    await expect
      .poll(() => describedBy(message))
      .toBe('1,000 of 1,000 characters: the limit. Text past it is not added.');
    await expectNoAxeViolations(page);
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
