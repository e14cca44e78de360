/**
 * A patient's open-slots link (issue 39, decision 021), opened on a phone: a signed-out visitor reads the open dates
 * by day in her time zone, and nothing of her home, her notes or her words, and is asked to sign in; a signed-in
 * member joins her circle from it (and reads why when that fails) and goes on to her plan; a plan with nothing open
 * says so; a link not in use is the not-found view with status 404. Never indexed, never in the sitemap.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { carePlanCircle, carePlans } from '../../src/server/db/schema/index.ts';
import { buildCarePlan, CARE_SETTINGS, dayFromToday, signedInPatient } from '../factories/care-plans.ts';
import { STRONG_PASSWORD } from '../setup/accounts.ts';
import { browserSuite, expectNoAxeViolations, PHONE, signUpSettledThroughApi, visit, type Page } from './fixtures.ts';

const suite = browserSuite();

/** Hana's plan (a weekly ride from tomorrow, a dinner for two, an errand in a window), started through the API. */
async function hanasPlan() {
  const { site } = suite;
  const { cookie } = await signedInPatient(site.app, site.database.db, 'Hana', site.baseURL);
  return buildCarePlan(site.app, cookie, { origin: site.baseURL });
}

/** What she wrote that only the people she lets in may read (her settings, and her requests' words). */
const PRIVATE = [
  CARE_SETTINGS.address,
  CARE_SETTINGS.phone,
  CARE_SETTINGS.dietaryNeeds,
  CARE_SETTINGS.allergies,
  'Ride to the clinic',
  'Side entrance',
  'Soup is best',
  'Main Street Pharmacy',
];

const dayLabel = (days: number) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${dayFromToday(CARE_SETTINGS.timeZone, days)}T00:00:00Z`),
  );

const joinButton = (page: Page) => page.getByRole('button', { name: 'Join her circle and choose a date' });

describe("a patient's open-slots link", () => {
  it('shows a signed-out visitor the open dates by day and nothing of her home or notes, and asks her to sign in', async () => {
    const plan = await hanasPlan();
    const { page, thirdParty } = await suite.newPage(PHONE);
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (err) => errors.push(err.message));
    const response = await visit(page, plan.sharePath);
    expect(response!.status()).toBe(200);
    // Rendered by the server: the HTML reads as the page does before any script runs.
    const html = await response!.text();
    expect(html).toContain('Help Hana in the weeks after surgery');
    await page.getByRole('heading', { level: 1, name: 'Help Hana in the weeks after surgery' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('Times are in her time zone, America/New York.');

    // Each day with its help: the weekly ride on days 1, 8 and 15, the dinner's two places, the errand's window.
    const dates = page.getByRole('list', { name: 'Open dates' });
    expect(await dates.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([1, 2, 3, 8, 15].map(dayLabel));
    const day = (n: number) =>
      dates.getByRole('listitem').filter({ has: page.getByRole('heading', { name: dayLabel(n) }) });
    expect(await day(1).innerText()).toMatch(/Ride\s+9:00\sAM · 1 place open/);
    expect(await day(2).innerText()).toMatch(/Meal\s+6:00\sPM · 2 places open/);
    expect(await day(3).innerText()).toMatch(/Errand\s+10:00\sAM – 12:00\sPM · 1 place open/);

    // Neither the server's HTML (with the answer it starts the browser from) nor the page holds her private words.
    const shown = await page.content();
    for (const words of PRIVATE) {
      expect(html, words).not.toContain(words);
      expect(shown, words).not.toContain(words);
    }
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.title()).toMatch(/^Help Hana in the weeks after surgery \| /);
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('<urlset');
    expect(sitemap).not.toContain('/care/');
    await expectNoAxeViolations(page);

    // By keyboard: the sign-in link takes the focus with a visible ring, and Enter opens sign-in to come back here.
    const signIn = page.getByRole('link', { name: 'Sign in to help' });
    for (let i = 0; i < 20 && !(await signIn.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    expect(await signIn.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await signIn.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(plan.sharePath);
    expect(thirdParty).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  it('lets a signed-in member join her circle, says why when that fails, and takes her to the plan', async () => {
    const plan = await hanasPlan();
    const { page, context } = await suite.newPage(PHONE);
    const member = await signUpSettledThroughApi(context, suite.site, { role: 'donor' });
    // The HTML is the signed-out page: the browser hydrates it as such, then shows her the button.
    const problems: string[] = [];
    page.on('console', (m) => /hydrat|did not match|#418|#425|#423/i.test(m.text()) && problems.push(m.text()));
    page.on('pageerror', (err) => problems.push(err.message));
    await visit(page, plan.sharePath);
    await joinButton(page).waitFor();
    expect(problems).toEqual([]);
    expect(await page.getByRole('link', { name: 'Sign in to help' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // She replaced her link while the page was open: the member reads why, and is not in the circle.
    const db = suite.site.database.db;
    await db.update(carePlans).set({ shareToken: 'replaced-link' }).where(eq(carePlans.id, plan.id));
    await joinButton(page).click();
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContain('This link is not in use any more; ask her for a new one');
    expect(new URL(page.url()).pathname).toBe(plan.sharePath);
    await expectNoAxeViolations(page);

    // The link works again: joining opens her plan, and she is in the circle by the link.
    await db.update(carePlans).set({ shareToken: plan.token }).where(eq(carePlans.id, plan.id));
    await joinButton(page).click();
    await page.waitForURL((url) => url.pathname === `/care/${plan.id}`);
    const circle = await db
      .select({ via: carePlanCircle.via })
      .from(carePlanCircle)
      .where(and(eq(carePlanCircle.planId, plan.id), eq(carePlanCircle.userId, member.id)));
    expect(circle).toEqual([{ via: 'link' }]);
  }, 60_000);

  it('brings a newcomer who creates an account from her link back to it once her profile is set up', async () => {
    const plan = await hanasPlan();
    const { page } = await suite.newPage(PHONE);
    const here = plan.sharePath;
    await visit(page, here);
    await page.getByRole('link', { name: 'New here? Create an account' }).click();
    await page.getByRole('radio', { name: 'Supporter Account' }).check();
    await page.getByRole('button', { name: 'Continue with Registration' }).click();
    await page.getByLabel('First name').fill('Maya');
    await page.getByLabel('Last name').fill('Lind');
    await page.getByLabel('Email').fill(`maya-${Date.now()}@example.org`);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm password').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your Giving Preferences' }).waitFor();
    await page.getByRole('checkbox', { name: 'Medication Costs' }).check();
    await page.getByRole('radio', { name: '$50-$100' }).check();
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(here);
    await page.getByRole('button', { name: 'Join her circle and choose a date' }).waitFor();
  }, 60_000);

  it('says so when nothing is open', async () => {
    const { site } = suite;
    const { cookie } = await signedInPatient(site.app, site.database.db, 'Hana', site.baseURL);
    const plan = await buildCarePlan(site.app, cookie, { origin: site.baseURL, requests: [] });
    const { page } = await suite.newPage(PHONE);
    await visit(page, plan.sharePath);
    await page.getByTestId('care-open-none').waitFor();
    expect(await page.getByRole('list', { name: 'Open dates' }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it('shows a link not in use as not found, with status 404', async () => {
    const { page } = await suite.newPage(PHONE);
    const response = await visit(page, '/care/open/no-such-link');
    expect(response!.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Link not in use' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expectNoAxeViolations(page);
  });
});
