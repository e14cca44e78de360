/**
 * The admin reports: a manager reads the analytics (charts, the tables beside them, the CSV link) and the
 * audit log after an admin write; a moderator has no access; public pages never load the charting code.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Response } from 'playwright-core';
import { analyticsEvents, auditLog, contactMessages } from '../../src/server/db/schema/index.ts';
import { buildDonation, buildIntent } from '../factories/donations.ts';
import {
  browserSuite,
  expectNoAccessView,
  expectNoAxeViolations,
  liveFundraisersOnSite,
  settle,
  signInAsAdmin,
  visit,
  type BrowserContext,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}Z`);

/** A manager, made in the database (nobody can make themselves one), signed in from this context. */
const signInAsManager = (context: BrowserContext) =>
  signInAsAdmin(context, suite.site, 'manager', { firstName: 'Mara', lastName: 'Manager' });

/** A table's body (or foot) as text, a `<time>` read by its machine date so the test does not depend on the locale. */
function rowsOf(table: Locator, part: 'tbody' | 'tfoot' = 'tbody'): Promise<string[][]> {
  return table
    .locator(part)
    .evaluate((section) =>
      [...(section as HTMLTableSectionElement).rows].map((row) =>
        [...row.cells].map(
          (cell) => cell.querySelector('time')?.getAttribute('dateTime') ?? (cell.textContent ?? '').trim(),
        ),
      ),
    );
}

const DAY_1 = '2025-03-03';
const DAY_2 = '2025-03-04';
const RANGE = { from: '2025-03-01', to: '2025-03-07' };

/** A known week of events, intents and donations, well before today so the test's own page views stay out. */
async function seedWeek() {
  const db = suite.site.database.db;
  const view = (path: string, visitor: string, day: string) => ({
    name: 'page_view',
    path,
    visitorHash: visitor,
    createdAt: at(day),
  });
  await db.insert(analyticsEvents).values([
    // Day 1: 4 views by 2 visitors (3 of the story page).
    view('/', 'visitor-a', DAY_1),
    view('/', 'visitor-a', DAY_1),
    view('/', 'visitor-b', DAY_1),
    view('/donate', 'visitor-a', DAY_1),
    // Day 2: 2 views by 1 visitor.
    view('/', 'visitor-c', DAY_2),
    view('/how-it-works', 'visitor-c', DAY_2),
    // 3 donate clicks (both kinds of button), 3 clicks on a method on the donate page.
    { name: 'donate_click', path: '/', visitorHash: 'visitor-a', createdAt: at(DAY_1) },
    { name: 'donate_click', path: '/', visitorHash: 'visitor-b', createdAt: at(DAY_1) },
    { name: 'donate_button_click', path: '/', visitorHash: 'visitor-c', createdAt: at(DAY_2) },
    {
      name: 'donation_click',
      path: '/donate',
      props: { method: 'PayPal', amount: 25 },
      visitorHash: 'visitor-a',
      createdAt: at(DAY_1),
    },
    {
      name: 'donation_click',
      path: '/donate',
      props: { method: 'PayPal', amount: 10 },
      visitorHash: 'visitor-c',
      createdAt: at(DAY_2),
    },
    {
      name: 'donation_click',
      path: '/donate',
      props: { method: 'Venmo', amount: 40 },
      visitorHash: 'visitor-c',
      createdAt: at(DAY_2),
    },
    // Outside the range: never counted.
    view('/', 'visitor-z', '2025-02-28'),
    view('/', 'visitor-z', '2025-03-08'),
  ]);
  await buildIntent(db, { paymentMethod: 'PayPal', createdAt: at(DAY_1) });
  await buildIntent(db, { paymentMethod: 'Venmo', createdAt: at(DAY_2) });
  await buildDonation(db, { amountCents: 2500, createdAt: at(DAY_1) });
  await buildDonation(db, { amountCents: 1050, createdAt: at(DAY_2, '08:00:00') });
  await buildDonation(db, { amountCents: 4000, paymentMethod: 'Venmo', createdAt: at(DAY_2, '23:59:59') });
  // A voided donation is left out.
  await buildDonation(db, { amountCents: 9900, createdAt: at(DAY_2), voidedAt: at(DAY_2, '13:00:00') });
}

/** Records the JavaScript files a page loads, with their text. */
function recordScripts(page: Page) {
  const scripts: Promise<{ url: string; text: string }>[] = [];
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname.endsWith('.js'))
      scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  return () => Promise.all(scripts);
}

// Class names recharts gives what it draws: they survive minification, so they mark its code in a bundle.
const RECHARTS_MARK = 'recharts-surface';

describe('admin reports', () => {
  it('shows a moderator the no-access view on both report pages', async () => {
    const { page, context } = await suite.newPage();
    await signInAsAdmin(context, suite.site, 'moderator');
    for (const [path, title] of [
      ['/admin-analytics', /^Analytics/],
      ['/admin-audit-log', /^Audit Log/],
    ] as const) {
      await expectNoAccessView(page, path, title);
    }
    // The dashboard offers them no link to the reports.
    await visit(page, '/admin-dashboard');
    await h1(page).filter({ hasText: 'Admin Dashboard' }).waitFor();
    // Moderators get the queues (and no money figures); once they show, the page is complete.
    await page.getByTestId('figure-stories').waitFor();
    expect(await page.getByRole('link', { name: 'Analytics' }).count()).toBe(0);
    // The server agrees.
    expect((await context.request.get(`/api/admin/analytics?from=${RANGE.from}&to=${RANGE.to}`)).status()).toBe(403);
    expect((await context.request.get('/api/admin/audit-log')).status()).toBe(403);
  }, 60_000);

  it('a manager reads a range of figures in charts and tables, and downloads them as CSV', async () => {
    await seedWeek();
    const { page, context } = await suite.newPage();
    await signInAsManager(context);

    // From the dashboard's reports.
    await visit(page, '/admin-dashboard');
    await page.getByRole('link', { name: 'Analytics' }).click();
    await h1(page).filter({ hasText: 'Analytics' }).waitFor();
    expect(await h1(page).count()).toBe(1);
    expect(await page.title()).toMatch(/^Analytics/);

    // The last 30 days (UTC) by default.
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(monthAgo);
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(today);

    await page.getByLabel('From', { exact: true }).fill(RANGE.from);
    await page.getByLabel('To', { exact: true }).fill(RANGE.to);
    await page.getByRole('button', { name: 'Apply' }).click();

    const daily = page.getByRole('table', { name: /^Daily page views and unique visitors/ });
    await daily.waitFor();
    expect(await rowsOf(daily)).toEqual([
      [DAY_1, '4', '2'],
      [DAY_2, '2', '1'],
    ]);
    expect(await rowsOf(page.getByRole('table', { name: 'Donation funnel' }))).toEqual([
      ['Story views', '4'],
      ['Donate clicks', '3'],
      ['Intents', '2'],
      ['Recorded donations', '3'],
    ]);
    expect(await rowsOf(page.getByRole('table', { name: 'Clicks and intents by payment method' }))).toEqual([
      ['PayPal', '2', '1'],
      ['Venmo', '1', '1'],
    ]);
    const donations = page.getByRole('table', { name: /^Donations per day/ });
    expect(await rowsOf(donations)).toEqual([
      [DAY_1, '1', '$25.00'],
      [DAY_2, '2', '$50.50'],
    ]);
    expect(await rowsOf(donations, 'tfoot')).toEqual([['Total', '3', '$75.50']]);
    expect(await rowsOf(page.getByRole('table', { name: 'The ten most viewed pages' }))).toEqual([
      ['/', '4'],
      ['/donate', '1'],
      ['/how-it-works', '1'],
    ]);

    // Four charts, each an image with a name, drawn once the charting code has loaded.
    await expect.poll(() => page.getByRole('img', { name: /chart of/ }).count(), { timeout: 15_000 }).toBe(4);
    await expect.poll(() => page.locator(`[data-testid="analytics-chart"]:has(svg.${RECHARTS_MARK})`).count()).toBe(4);
    expect(await page.getByRole('img', { name: /^Line chart of daily page views and unique visitors/ }).count()).toBe(
      1,
    );
    expect(await page.getByRole('img', { name: /^Bar chart of money raised per day/ }).count()).toBe(1);

    // The CSV of the same range.
    const csvLink = page.getByRole('link', { name: 'Download CSV' });
    expect(await csvLink.getAttribute('href')).toBe(`/api/admin/analytics.csv?from=${RANGE.from}&to=${RANGE.to}`);
    expect(await csvLink.getAttribute('download')).not.toBeNull();
    const csv = await context.request.get((await csvLink.getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\r\n')).toEqual([
      'day,page_views,unique_visitors,donations,donations_usd',
      `${DAY_1},4,2,1,25.00`,
      `${DAY_2},2,1,2,50.50`,
      '',
    ]);

    await expectNoAxeViolations(page);

    // A range the server refuses: its message by the field, and the figures shown stay.
    await page.getByLabel('From', { exact: true }).fill('2025-03-10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('from must be on or before to').waitFor();
    expect(await page.getByLabel('From', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await rowsOf(daily)).toEqual([
      [DAY_1, '4', '2'],
      [DAY_2, '2', '1'],
    ]);
    await page.getByLabel('From', { exact: true }).fill('2024-01-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Choose a range of at most 366 days').waitFor();
    expect(await page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('From', { exact: true }).getAttribute('aria-invalid')).toBeNull();
    await expectNoAxeViolations(page);

    // A quiet range: no tables to read, and no charts of nothing.
    await page.getByLabel('From', { exact: true }).fill('2025-04-01');
    await page.getByLabel('To', { exact: true }).fill('2025-04-02');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No page views in this range.').first().waitFor();
    expect(await rowsOf(page.getByRole('table', { name: 'Donation funnel' }))).toEqual([
      ['Story views', '0'],
      ['Donate clicks', '0'],
      ['Intents', '0'],
      ['Recorded donations', '0'],
    ]);
    expect(await page.getByText('No donations in this range.').count()).toBe(1);
  }, 90_000);

  it('loads the charting code only on the analytics page, never on public pages', async () => {
    const visitor = await suite.newPage();
    const publicScripts = recordScripts(visitor.page);
    for (const path of ['/', '/donate']) {
      await visit(visitor.page, path);
      await settle(visitor.page);
    }
    const loaded = await publicScripts();
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((s) => s.text.includes(RECHARTS_MARK)).map((s) => s.url)).toEqual([]);

    // The check can fail: the analytics page does load it, in a chunk of its own.
    const { page, context } = await suite.newPage();
    await signInAsManager(context);
    const adminScripts = recordScripts(page);
    await visit(page, '/admin-analytics');
    await expect
      .poll(() => page.locator(`[data-testid="analytics-chart"] svg.${RECHARTS_MARK}`).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const withCharts = (await adminScripts()).filter((s) => s.text.includes(RECHARTS_MARK));
    expect(withCharts.length).toBeGreaterThan(0);
    expect(withCharts.some((s) => s.text.includes('Download CSV'))).toBe(false);
  }, 60_000);

  it('a manager reads the audit log after an admin write, filters it by action, and cannot change it', async () => {
    const db = suite.site.database.db;
    const [message] = await db
      .insert(contactMessages)
      .values({ name: 'Ada', email: 'ada@example.com', subject: 'Audit trail', message: 'Hello' })
      .returning();
    await db
      .insert(auditLog)
      .values({ action: 'donation.record', targetType: 'donation', targetId: 'donation-from-a-script' });

    const { page, context } = await suite.newPage();
    const manager = await signInAsManager(context);
    const handled = await context.request.post(`/api/admin/contact-messages/${message!.id}/handled`, {
      data: {},
      headers: { origin: suite.site.baseURL },
    });
    expect(handled.status()).toBe(204);

    await visit(page, '/admin-dashboard');
    await page.getByRole('link', { name: 'Audit Log' }).click();
    await h1(page).filter({ hasText: 'Audit Log' }).waitFor();
    expect(await h1(page).count()).toBe(1);
    expect(await page.title()).toMatch(/^Audit Log/);

    const table = page.getByTestId('audit-table');
    const entry = table.getByRole('row').filter({ hasText: 'contact.handled' });
    await entry.waitFor();
    expect(await entry.getByRole('cell').nth(0).innerText()).toBe(manager.email);
    expect(await entry.innerText()).toContain('Contact message handled');
    expect(await entry.innerText()).toContain(message!.id);
    expect(await entry.innerText()).toMatch(/127\.0\.0\.1/);
    expect(await table.getByRole('row').filter({ hasText: 'donation-from-a-script' }).count()).toBe(1);

    // Before and after, as readable JSON behind a disclosure.
    await entry.getByText('Before and after').click();
    const changes = await entry.locator('pre').allInnerTexts();
    expect(changes.map((text) => JSON.parse(text) as unknown)).toEqual([{ status: 'new' }, { status: 'handled' }]);
    await expectNoAxeViolations(page);

    // Append-only: nothing on the page changes an entry.
    expect(
      await page
        .getByRole('main')
        .getByRole('button', { name: /edit|delete|remove|undo/i })
        .count(),
    ).toBe(0);

    await page.getByLabel('Action', { exact: true }).selectOption('contact.handled');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'donation-from-a-script' }).count()).toBe(0);
    expect(await page.getByTestId('audit-total').innerText()).toMatch(/^1 in all/);
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody').innerText()).toContain('contact.handled');

    await page.getByLabel('Action', { exact: true }).selectOption('');
    await page.getByLabel('Target type', { exact: true }).selectOption('donation');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'contact.handled' }).count()).toBe(0);
    expect(await table.getByRole('row').filter({ hasText: 'donation-from-a-script' }).count()).toBe(1);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
  }, 90_000);

  // Last: approving the fundraiser writes to the audit log the test above counts.
  it('a manager reads one fundraiser’s figures: its pages, intents and gifts only, with no axe violation', async () => {
    const db = suite.site.database.db;
    const [live] = await liveFundraisersOnSite(suite.site, 'Excision surgery for Maya');
    const { slug, campaignId } = live!;
    const page_ = `/fundraisers/${slug}`;
    const day = '2025-05-06';
    const view = (path: string, visitor: string) => ({
      name: 'page_view',
      path,
      visitorHash: visitor,
      createdAt: at(day),
    });
    await db.insert(analyticsEvents).values([
      view(page_, 'visitor-a'),
      view(page_, 'visitor-b'),
      view(`${page_}/donate`, 'visitor-a'),
      { ...view(`${page_}/donate`, 'visitor-b'), name: 'donation_click', props: { method: 'Venmo', amount: 30 } },
      // The site's other pages are not the fundraiser's.
      view('/', 'visitor-c'),
      view('/fundraisers', 'visitor-c'),
    ]);
    await buildIntent(db, { campaignId, paymentMethod: 'Venmo', createdAt: at(day) });
    await buildDonation(db, { campaignId, amountCents: 3000, paymentMethod: 'Venmo', createdAt: at(day) });
    await buildDonation(db, { amountCents: 7700, createdAt: at(day) }); // the main appeal's

    const { page, context } = await suite.newPage();
    await signInAsManager(context);
    await visit(page, `/admin-analytics?fundraiser=${slug}`);
    await page.getByLabel('From', { exact: true }).fill(day);
    await page.getByLabel('To', { exact: true }).fill(day);
    await page.getByRole('button', { name: 'Apply' }).click();
    const daily = page.getByRole('table', { name: /^Daily page views and unique visitors/ });
    await expect.poll(() => rowsOf(daily)).toEqual([[day, '3', '2']]);
    expect(await page.getByTestId('applied-range').innerText()).toContain(`for the fundraiser ${page_}`);
    expect(await rowsOf(page.getByRole('table', { name: 'Donation funnel' }))).toEqual([
      ['Story views', '2'],
      ['Donate clicks', '0'],
      ['Intents', '1'],
      ['Recorded donations', '1'],
    ]);
    expect(await rowsOf(page.getByRole('table', { name: 'Clicks and intents by payment method' }))).toEqual([
      ['Venmo', '1', '1'],
    ]);
    expect(await rowsOf(page.getByRole('table', { name: /^Donations per day/ }), 'tfoot')).toEqual([
      ['Total', '1', '$30.00'],
    ]);
    expect(await rowsOf(page.getByRole('table', { name: 'The ten most viewed pages' }))).toEqual([
      [page_, '2'],
      [`${page_}/donate`, '1'],
    ]);
    expect(await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/admin/analytics.csv?from=${day}&to=${day}&fundraiser=${slug}`,
    );
    await expect.poll(() => page.locator(`[data-testid="analytics-chart"]:has(svg.${RECHARTS_MARK})`).count()).toBe(4);
    await expectNoAxeViolations(page);
  }, 90_000);
});
