/** The admin dashboard's figures and the contact inbox: a moderator works a message; a patient has no access. */
import { describe, expect, it } from 'vitest';
import { buildDonation, buildIntent } from '../factories/donations.ts';
import { buildStory } from '../factories/stories.ts';
import { STRONG_PASSWORD } from '../setup/accounts.ts';
import {
  browserSuite,
  expectNoAccessView,
  expectNoAxeViolations,
  liveFundraisersOnSite,
  signInAsAdmin,
  signUpThroughApi,
  toastText,
  visit,
  type BrowserContext,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const messagesList = (page: Page) => page.getByTestId('messages-list');

/** A moderator, made in the database (nobody can make themselves one), signed in from this context. */
const signInAsModerator = (context: BrowserContext) =>
  signInAsAdmin(context, suite.site, 'moderator', { firstName: 'Milo', lastName: 'Moderator' });

/** A message sent as a visitor would: through the contact form, which solves the ALTCHA in the page. */
async function sendContactMessage(subject: string) {
  const { page } = await suite.newPage();
  await visit(page, '/contact');
  await page.getByRole('textbox', { name: 'Full name' }).fill('Vera Visitor');
  await page.getByRole('textbox', { name: 'Email' }).fill('vera.visitor@example.com');
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('Hello,\nhow can I help with the fundraiser? <b>not bold</b>');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect.poll(() => toastText(page), { timeout: 30_000 }).toContain('Message Sent');
}

describe('admin dashboard and contact inbox', () => {
  it('shows patients a no-access view on both pages', async () => {
    const { page, context } = await suite.newPage();
    await signUpThroughApi(context, { role: 'patient' });
    for (const [path, title] of [
      ['/admin-dashboard', /^Admin Dashboard/],
      ['/admin-contact', /^Contact Inbox/],
    ] as const) {
      await expectNoAccessView(page, path, title);
    }
    // The server agrees.
    expect((await context.request.get('/api/admin/dashboard')).status()).toBe(403);
    expect((await context.request.get('/api/admin/contact-messages')).status()).toBe(403);
  }, 60_000);

  it('a moderator sees the queues but no money figures, follows the messages link and marks a message handled', async () => {
    await buildDonation(suite.site.database.db, { amountCents: 12_345, usdCents: 12_345 });
    await buildIntent(suite.site.database.db, { createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000 - 60_000) });
    await buildStory(suite.site.database.db, { submittedAt: new Date(Date.now() - 2 * 60 * 60 * 1000 - 60_000) });
    await sendContactMessage('Question about the surgery');

    const { page, context } = await suite.newPage();
    await signInAsModerator(context);

    await visit(page, '/admin-dashboard');
    await h1(page).filter({ hasText: 'Admin Dashboard' }).waitFor();
    expect(await h1(page).count()).toBe(1);
    await expect.poll(() => page.getByTestId('figure-stories').innerText()).toBe('1');
    // Money is for managers: no totals, donors or intents on a moderator's dashboard.
    for (const id of ['total', 'today', 'donors', 'intents'])
      expect(await page.getByTestId(`figure-${id}`).count()).toBe(0);
    expect(await page.locator('main').innerText()).not.toContain('$123.45');
    expect(await page.getByTestId('figure-stories-note').innerText()).toBe('oldest 2 hours old');
    expect(await page.getByTestId('figure-doctors').innerText()).toBe('0');
    expect(await page.getByTestId('figure-messages').innerText()).toBe('1');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: /Open the contact inbox/ }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin-contact');
    await h1(page).filter({ hasText: 'Contact Inbox' }).waitFor();
    expect(await h1(page).count()).toBe(1);
    const item = messagesList(page).getByRole('listitem').filter({ hasText: 'Question about the surgery' });
    await item.waitFor();
    expect(await item.getByRole('link', { name: 'vera.visitor@example.com' }).getAttribute('href')).toBe(
      'mailto:vera.visitor@example.com',
    );
    expect(await item.innerText()).toContain('Vera Visitor');
    // Plain text: markup in a message is shown, never rendered.
    expect(await item.innerText()).toContain('<b>not bold</b>');
    expect(await item.locator('b').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New' }).getAttribute('aria-pressed')).toBe('true');
    await expectNoAxeViolations(page);

    await item.getByRole('button', { name: /^Mark handled/ }).click();
    await expect.poll(() => toastText(page)).toContain('Marked as handled');
    await expect.poll(() => page.getByText('No new messages.').count()).toBe(1);

    await page.getByRole('button', { name: 'Handled' }).click();
    const handled = messagesList(page).getByRole('listitem').filter({ hasText: 'Question about the surgery' });
    await handled.waitFor();
    expect(await handled.getByRole('button', { name: /^Mark handled/ }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // The dashboard counts it no longer.
    await visit(page, '/admin-dashboard');
    await expect.poll(() => page.getByTestId('figure-messages').innerText()).toBe('0');
  }, 90_000);

  it("a manager sees the money figures: raised today and in all, donors, and open intents with the oldest's age", async () => {
    await buildDonation(suite.site.database.db, { amountCents: 12_345, usdCents: 12_345 });
    await buildIntent(suite.site.database.db, { createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000 - 60_000) });
    // The moderator's test left one gift and one intent of the same size and age: two of each now.
    const { page, context } = await suite.newPage();
    await signInAsAdmin(context, suite.site, 'manager', { firstName: 'Mara', lastName: 'Manager' });
    await visit(page, '/admin-dashboard');
    await expect.poll(() => page.getByTestId('figure-total').innerText()).toBe('$246.90');
    expect(await page.getByTestId('figure-today').innerText()).toBe('$246.90');
    // Two gifts without an address: two people, and the card says how it counts.
    expect(await page.getByTestId('figure-donors').innerText()).toBe('2');
    expect(await page.getByTestId('figure-donors-note').innerText()).toBe(
      'each email address once; each gift without one counts as one donor',
    );
    expect(await page.getByTestId('figure-intents').innerText()).toBe('2');
    expect(await page.getByTestId('figure-intents-note').innerText()).toBe('oldest 3 days old');
    await expectNoAxeViolations(page);
  }, 60_000);

  // After the manager's money figures above: the site's totals count these gifts too.
  it('shows a manager on a phone the live fundraisers holding the most money, with their ledgers’ figures', async () => {
    const [holding, empty] = await liveFundraisersOnSite(
      suite.site,
      'Excision surgery for Maya',
      'Knee surgery for June',
    );
    const db = suite.site.database.db;
    await buildDonation(db, { campaignId: holding!.campaignId, amountCents: 50_000 });
    await buildDonation(db, { campaignId: holding!.campaignId, amountCents: 25_050 });
    const { page, context } = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await signInAsAdmin(context, suite.site, 'manager');
    await visit(page, '/admin-dashboard');
    const table = page.getByRole('table', { name: /^Live fundraisers holding the most money/ });
    await table.waitFor();
    expect(await page.getByTestId('fundraiser-counts').innerText()).toBe('2 live · 0 waiting for review');
    // Most held first: $750.50 raised of $9,450.50, all of it held, nothing released, two gifts.
    expect(await table.locator('tbody tr').allInnerTexts()).toEqual([
      expect.stringMatching(
        /^Excision surgery for Maya\s+\$750\.50 of \$9,450\.50\s+\$750\.50\s+\$0\.00\s+2\s+Analytics/,
      ),
      expect.stringMatching(/^Knee surgery for June\s+\$0\.00 of \$9,450\.50\s+\$0\.00\s+\$0\.00\s+0\s+Analytics/),
    ]);
    expect(await table.getByRole('link', { name: 'Excision surgery for Maya', exact: true }).getAttribute('href')).toBe(
      `/fundraisers/${holding!.slug}`,
    );
    expect(await table.getByRole('link', { name: 'Analytics of Knee surgery for June' }).getAttribute('href')).toBe(
      `/admin-analytics?fundraiser=${empty!.slug}`,
    );
    // The table scrolls sideways in its own box; the page does not (its screen-reader-only link text stays inside).
    const region = page.getByRole('region', { name: 'Live fundraisers holding the most money' });
    expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    // Its gifts alone in the donations panel, behind the password gate, with its own progress.
    await table.getByRole('link', { name: 'Gifts and intents of Excision surgery for Maya' }).click();
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect
      .poll(() => page.getByTestId('shown-campaign').innerText())
      .toBe('Showing only the gifts and intents of the fundraiser “Excision surgery for Maya”. Show every campaign');
    expect(page.url()).toBe(`${suite.site.baseURL}/admin-donations?campaign=${holding!.slug}`);
    await expect.poll(() => page.getByTestId('progress-raised').innerText()).toBe('$750.50');
    const gifts = page.getByTestId('donations-list').getByRole('listitem');
    expect(await gifts.count()).toBe(2);
    for (const text of await gifts.allInnerTexts())
      expect(text).toContain('For the fundraiser “Excision surgery for Maya”');
    await expectNoAxeViolations(page);
    // A gift recorded by hand here is the fundraiser's.
    expect(await page.getByTestId('record-for').innerText()).toBe(
      'It is recorded for the fundraiser “Excision surgery for Maya”.',
    );
    await page.getByLabel('Amount', { exact: true }).fill('20');
    await page.getByLabel('Payment method').selectOption('Zelle');
    await page.getByRole('button', { name: 'Add Donation' }).click();
    await expect.poll(() => gifts.count()).toBe(3);
    await expect.poll(() => page.getByTestId('progress-raised').innerText()).toBe('$770.50');

    // Back to every campaign, then to the main appeal's alone from one of its gifts: the heading takes focus.
    await page.getByRole('link', { name: 'Show every campaign' }).click();
    await expect.poll(() => page.getByTestId('shown-campaign').count()).toBe(0);
    const appealGift = gifts.filter({ hasText: 'For the main appeal' }).first();
    await appealGift.getByRole('link', { name: 'the main appeal' }).click();
    await expect
      .poll(() => page.getByTestId('shown-campaign').innerText())
      .toBe('Showing only the gifts and intents of the main appeal. Show every campaign');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Donation Management');
    for (const text of await gifts.allInnerTexts()) expect(text).toContain('For the main appeal');
  }, 90_000);

  it('lists the example details under "Not ready to take gifts", on a phone, and leads a super admin to the editor', async () => {
    const { page, context } = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await signInAsAdmin(context, suite.site, 'super_admin');
    await visit(page, '/admin-dashboard');
    const checklist = page.getByRole('region', { name: 'Not ready to take gifts' });
    await expect.poll(() => checklist.isVisible()).toBe(true);
    const items = await checklist.getByRole('listitem').allInnerTexts();
    expect(items).toEqual(
      expect.arrayContaining([
        'PayPal: link: https://www.paypal.me/HealingCircleExample',
        'CashApp: link: https://cash.app/$HealingCircleExample',
        'Support: phone: +1 (555) 014-2380',
      ]),
    );
    // Nothing is cut off at 390 px: the long links wrap inside the card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await checklist.getByRole('link', { name: 'Replace them in the campaign editor' }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin-campaign');
  }, 60_000);
});
