/** The admin donations panel: who may open it, the server-side password gate, recording donations and working intents. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema/index.ts';
import { STRONG_PASSWORD } from '../setup/accounts.ts';
import {
  browserSuite,
  expectNoAxeViolations,
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
const donationsList = (page: Page) => page.getByTestId('donations-list');
const intentsList = (page: Page) => page.getByTestId('intents-list');

/** A manager, made in the database (nobody can make themselves one), signed in from this context. */
const signInAsManager = (context: BrowserContext) =>
  signInAsAdmin(context, suite.site, 'manager', { firstName: 'Mara', lastName: 'Manager' });

/** An intent as the donate page sends it (from a context without a session, as a donor would). */
async function makeIntent(amount: number, paymentMethod: string, message: string | null) {
  const { context } = await suite.newPage();
  const res = await context.request.post('/api/donation-intent', {
    data: { amount, paymentMethod, message, timestamp: new Date().toISOString() },
  });
  expect(res.status()).toBe(201);
}

describe('admin donations', () => {
  it('shows signed-out visitors a sign-in view and patients a no-access view', async () => {
    const anonymous = await suite.newPage();
    await visit(anonymous.page, '/admin-donations');
    await h1(anonymous.page).filter({ hasText: 'Please sign in' }).waitFor();
    expect(await anonymous.page.title()).toMatch(/^Donation Management/);
    expect(await anonymous.page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe(
      '/login?returnTo=%2Fadmin-donations',
    );
    expect(await anonymous.page.getByLabel('Password').count()).toBe(0);

    const { page, context } = await suite.newPage();
    await signUpThroughApi(context, { role: 'patient' });
    await visit(page, '/admin-donations');
    await h1(page).filter({ hasText: 'No access' }).waitFor();
    expect(await h1(page).count()).toBe(1);
    expect(await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByLabel('Password').count()).toBe(0);
    await expectNoAxeViolations(page);
    // The server agrees.
    expect((await context.request.get('/api/admin/donations')).status()).toBe(403);

    // /admin: the same views for non-admins.
    await visit(page, '/admin');
    await h1(page).filter({ hasText: 'No access' }).waitFor();
  }, 60_000);

  it('a manager unlocks the panel, records donations and intents, deletes an intent and locks it again', async () => {
    const { page, context } = await suite.newPage();
    await signInAsManager(context);
    await makeIntent(75, 'Venmo', 'Get well soon');
    await makeIntent(30, 'PayPal', null);

    // /admin sends admins on to the admin dashboard.
    await visit(page, '/admin');
    await expect.poll(() => pathOf(page)).toBe('/admin-dashboard');

    // The gate.
    await visit(page, '/admin-donations');
    await h1(page).filter({ hasText: 'Admin Access' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Recent Donations' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not-my-password');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect.poll(() => toastText(page)).toMatch(/Access Denied\s*Incorrect password\./);
    expect(await h1(page).innerText()).toBe('Admin Access');

    await password.fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect.poll(() => toastText(page)).toContain('Access Granted');
    await h1(page).filter({ hasText: 'Donation Management' }).waitFor();
    // Focus moves to the panel's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Donation Management');
    await expect.poll(() => page.getByTestId('progress-raised').innerText()).toBe('$0.00');
    await expect.poll(() => intentsList(page).getByRole('listitem').count()).toBe(2);
    await expectNoAxeViolations(page);

    // The gate stays open across a reload (it lives on the server session).
    await visit(page, '/admin-donations');
    await h1(page).filter({ hasText: 'Donation Management' }).waitFor();

    // Missing amount and method.
    await page.getByRole('button', { name: 'Add Donation' }).click();
    await expect
      .poll(() => toastText(page))
      .toMatch(/Missing Information\s*Please fill in the amount and payment method\./);

    // A USD-equivalent field only for other currencies.
    expect(await page.getByLabel('USD equivalent').count()).toBe(0);
    await page.getByLabel('Currency').selectOption('CAD');
    expect(await page.getByLabel('USD equivalent').count()).toBe(1);
    await page.getByLabel('Currency').selectOption('USD');
    expect(await page.getByLabel('USD equivalent').count()).toBe(0);

    // Record $120.50 by Zelle, anonymously.
    await page.getByLabel('Amount').fill('120.50');
    await page.getByLabel('Payment method').selectOption('Zelle');
    await page.getByLabel('Donor name').fill('Someone');
    await page.getByLabel('Anonymous').check();
    expect(await page.getByLabel('Donor name').isDisabled()).toBe(true);
    await page.getByLabel('Message (optional)').fill('For the surgery');
    await page.getByLabel('External reference (optional)').fill('ZELLE-0001');
    await page.getByRole('button', { name: 'Add Donation' }).click();
    await expect
      .poll(() => toastText(page))
      .toMatch(/Donation Added\s*External donation has been recorded successfully\./);
    await expect.poll(() => page.getByTestId('progress-raised').innerText()).toBe('$120.50');
    expect(await page.getByTestId('progress-gifts').innerText()).toBe('1');
    const first = donationsList(page).getByRole('listitem').first();
    await expect.poll(() => first.innerText()).toContain('$120.50');
    expect(await first.innerText()).toContain('Zelle');
    expect(await first.innerText()).toContain('Anonymous');
    expect(await first.innerText()).not.toContain('Someone');
    expect(await first.innerText()).toContain('For the surgery');
    // The form cleared.
    expect(await page.getByLabel('Amount').inputValue()).toBe('');
    expect(await page.getByLabel('Payment method').inputValue()).toBe('');
    expect(await page.getByLabel('Anonymous').isChecked()).toBe(false);

    // The list downloads as a spreadsheet file holding the new row.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download all donations (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('donations.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(',120.50,USD,120.50,Zelle,,true,For the surgery,ZELLE-0001,');

    // The same payment again is refused.
    await page.getByLabel('Amount').fill('120.50');
    await page.getByLabel('Payment method').selectOption('Zelle');
    await page.getByLabel('External reference (optional)').fill('ZELLE-0001');
    await page.getByRole('button', { name: 'Add Donation' }).click();
    await expect.poll(() => toastText(page)).toContain('already been recorded');
    await expect.poll(() => donationsList(page).getByRole('listitem').count()).toBe(1);

    // Record the Venmo intent in one step: the form is prefilled from it.
    const venmo = intentsList(page).getByRole('listitem').filter({ hasText: 'Venmo' });
    await venmo.getByRole('button', { name: /^Record/ }).click();
    expect(await page.getByLabel('Amount').inputValue()).toBe('75');
    expect(await page.getByLabel('Payment method').inputValue()).toBe('Venmo');
    expect(await page.getByLabel('Message (optional)').inputValue()).toBe('Get well soon');
    expect(await page.getByLabel('External reference (optional)').inputValue()).toBe('');
    await page.getByLabel('Donor name').fill('Dana Friend');
    await page.getByLabel('The donor agreed to show her name and message publicly').check();
    await page.getByRole('button', { name: 'Add Donation' }).click();
    await expect.poll(() => toastText(page)).toContain('Donation Added');
    await expect.poll(() => intentsList(page).getByRole('listitem').count()).toBe(1);
    expect(await intentsList(page).innerText()).not.toContain('Venmo');
    await expect.poll(() => page.getByTestId('progress-raised').innerText()).toBe('$195.50');
    await expect.poll(() => donationsList(page).getByRole('listitem').first().innerText()).toContain('Dana Friend');

    // A visitor's story page shows the new total (whole dollars, as the progress card rounds).
    const visitor = await suite.newPage();
    await visit(visitor.page, '/');
    await expect.poll(() => visitor.page.getByTestId('amount-raised').innerText()).toBe('$196');
    const wall = visitor.page.getByRole('region', { name: 'Recent Supporters' });
    await expect.poll(() => wall.innerText()).toContain('Dana Friend');
    expect(await wall.innerText()).toContain('“Get well soon”');

    // Her message can come off the public pages, and go back.
    const dana = donationsList(page).getByRole('listitem').filter({ hasText: 'Dana Friend' });
    await dana.getByRole('button', { name: 'Hide message from the public pages' }).click();
    await dana.getByRole('button', { name: 'Show message publicly again' }).waitFor();
    await visit(visitor.page, '/');
    await expect.poll(() => wall.innerText()).toContain('Dana Friend');
    expect(await wall.innerText()).not.toContain('Get well soon');

    // Delete the other intent: one click only asks, and keeping it leaves it and its donor's details as they were.
    const deleteButton = intentsList(page).getByRole('button', { name: 'Delete $30.00 PayPal intent…' });
    await deleteButton.click();
    const asking = intentsList(page).getByRole('group', { name: 'Delete $30.00 PayPal intent' });
    await asking.getByText("The donor's name, email and message go with it").waitFor();
    expect(await intentsList(page).getByRole('listitem').count()).toBe(1);
    await expectNoAxeViolations(page);
    await asking.getByRole('button', { name: 'Keep it' }).press('Enter');
    await expect.poll(() => deleteButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await intentsList(page).getByRole('listitem').count()).toBe(1);
    // By keyboard: the question takes the focus to its action.
    await deleteButton.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Delete intent');
    await page.keyboard.press('Enter');
    await expect.poll(() => toastText(page)).toContain('Intent Removed');
    await expect.poll(() => page.getByText('No open intents.').count()).toBe(1);

    // When the window ends (here: ended on the server), the next call answers 403 and the gate is back.
    await suite.site.database.db.update(sessions).set({ elevatedUntil: null });
    await page.getByLabel('Amount').fill('10');
    await page.getByLabel('Payment method').selectOption('Check');
    await page.getByRole('button', { name: 'Add Donation' }).click();
    await h1(page).filter({ hasText: 'Admin Access' }).waitFor();
    await expect.poll(() => toastText(page)).toContain('Re-enter your password to open the donations panel');
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await h1(page).filter({ hasText: 'Donation Management' }).waitFor();
    await expect.poll(() => donationsList(page).getByRole('listitem').count()).toBe(2);

    // Logout drops the elevation: the gate again, and the server agrees.
    await page.getByRole('button', { name: 'Logout' }).click();
    await h1(page).filter({ hasText: 'Admin Access' }).waitFor();
    expect((await context.request.get('/api/admin/donations')).status()).toBe(403);
    await visit(page, '/admin-donations');
    await h1(page).filter({ hasText: 'Admin Access' }).waitFor();
  }, 90_000);
});
