/** Navigation, the 404 page, contact, and accessibility across the public pages. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/server/db/schema/index.ts';
import { browserSuite, expectNoAxeViolations, PHONE, settle, toastText, visit } from './fixtures.ts';

const suite = browserSuite();

const PUBLIC_PAGES = [
  '/',
  '/donate',
  '/how-it-works',
  '/contact',
  '/privacy-policy',
  '/consumer-health-data-privacy',
  '/terms-of-service',
  '/medical-disclaimer',
  '/donor-agreement',
  '/transparency',
  '/refund-request',
  '/no-such-page',
];

describe('the public site', () => {
  it.each(PUBLIC_PAGES)('%s has no axe violations', async (path) => {
    const { page } = await suite.newPage();
    await visit(page, path);
    await settle(page);
    await expectNoAxeViolations(page);
  });

  it('asks nothing about accounts and logs no errors for a signed-out visitor', async () => {
    const { page } = await suite.newPage();
    const asked: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await visit(page, '/');
    await settle(page);
    expect(asked).not.toContain('/api/auth/user');
    expect(errors).toEqual([]);
  });

  it('serves unknown paths the 404 page with status 404', async () => {
    const { page } = await suite.newPage();
    const res = await visit(page, '/no-such-page');
    expect(res!.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('404 Page Not Found');
    const api = await page.request.get('/api/no-such-endpoint');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("sends pages with a content security policy, and API answers and the build's scripts with the smaller header set", async () => {
    const { page } = await suite.newPage();
    for (const path of ['/', '/donate', '/profile', '/no-such-page']) {
      const headers = (await page.request.get(path)).headers();
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], path).toContain("script-src 'self'");
      expect(headers['x-content-type-options'], path).toBe('nosniff');
    }
    for (const path of ['/api/fundraising/progress', '/api/no-such-endpoint']) {
      const headers = (await page.request.get(path)).headers();
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('DENY');
    }
    // Helmet's page set (and its per-request hooks) stays off the API.
    expect((await page.request.get('/api/fundraising/progress')).headers()['content-security-policy']).toBeUndefined();

    // A page's scripts: the document's policies would weigh more than many of them, and govern nothing there.
    const html = await (await page.request.get('/')).text();
    const script = /data-entry="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const headers = (await page.request.get(script, { headers: { 'accept-encoding': 'br' } })).headers();
    expect(headers['content-encoding']).toBe('br');
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['permissions-policy']).toBeUndefined();
  });

  it('names its site data as a file kept by content, which answers 404 at any other name', async () => {
    const { page } = await suite.newPage();
    const html = await (await page.request.get('/')).text();
    const href = /\bdata-site-data="(\/site-data\/[\w-]{16}\.json)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    const data = await page.request.get(href!);
    expect(data.headers()['content-type']).toBe('application/json; charset=utf-8');
    expect(data.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await data.json()).content.patient.name).toBe('Maya');
    // Every page of one version of the content names the same file.
    expect(await (await page.request.get('/donate')).text()).toContain(href);
    for (const other of ['/site-data/AAAAAAAAAAAAAAAA.json', '/site-data/../index.json', '/site-data/x']) {
      const missing = await page.request.get(other);
      expect(missing.status(), other).toBe(404);
    }
  });

  it('fetches its scripts and site data only after the first paint, started by the one inline script', async () => {
    const { page } = await suite.newPage();
    const response = await visit(page, '/');
    const html = await response!.text();
    expect(html).not.toMatch(/<script[^>]+\bsrc=|<link[^>]+rel="modulepreload"|<link[^>]+as="(fetch|script)"/);
    const boot = [...html.matchAll(/<script(?: [^>]*)?>([^<]*)<\/script>/g)].filter(
      (m) => !m[0].includes('application/ld+json') && !m[0].includes('application/json'),
    );
    expect(boot).toHaveLength(1);
    const hash = createHash('sha256').update(boot[0]![1]!).digest('base64');
    expect(response!.headers()['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    // visit() waited for the page to hydrate: from scripts requested after the paint that showed it.
    const timings = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      fetched: performance
        .getEntriesByType('resource')
        .filter((r) => /\/assets\/.+\.js$|\/site-data\//.test(r.name))
        .map((r) => r.startTime),
    }));
    expect(timings.paint).toBeDefined();
    expect(timings.fetched.length).toBeGreaterThan(2);
    for (const start of timings.fetched) expect(start).toBeGreaterThanOrEqual(timings.paint!);
  });

  it('opens the mobile menu, which sends Find Doctors to the directory', async () => {
    const { page } = await suite.newPage({ viewport: { width: 375, height: 740 } });
    await visit(page, '/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    expect(await menu.getByRole('link', { name: 'Find Doctors' }).getAttribute('href')).toBe('/find-doctors');
    expect(await menu.getByRole('link', { name: 'How It Works' }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Join Community' }).getAttribute('href')).toBe('/api/login');
    await menu.getByRole('link', { name: 'How It Works' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('How It Works');
    expect(await page.title()).toMatch(/^How It Works/);
    expect(await page.locator('#mobile-menu').count()).toBe(0);
  });

  it("offers the patients' fundraisers in the top navigation and in the phone menu", async () => {
    const { page } = await suite.newPage();
    await visit(page, '/');
    const main = page.getByRole('navigation', { name: 'Main' });
    expect(await main.getByRole('link', { name: 'Fundraisers', exact: true }).getAttribute('href')).toBe(
      '/fundraisers',
    );

    const phone = await suite.newPage(PHONE);
    await visit(phone.page, '/');
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.page.locator('#mobile-menu');
    await menu.getByRole('link', { name: 'Fundraisers', exact: true }).click();
    await expect.poll(() => phone.page.getByRole('heading', { level: 1 }).innerText()).toMatch(/fundraisers/i);
    expect(new URL(phone.page.url()).pathname).toBe('/fundraisers');
  });

  it('is usable by keyboard, with a skip link and visible focus', async () => {
    const { page } = await suite.newPage();
    await visit(page, '/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.closest('main') !== null);
    expect(focused).toBe(true);
  });

  it('sends a contact message, after asking for the missing fields and a valid email', async () => {
    const { page } = await suite.newPage();
    await visit(page, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => toastText(page)).toContain('Required Fields');
    expect(await toastText(page)).toContain('Please fill in all fields');

    await page.getByLabel('Full name').fill('Ada Example');
    await page.getByLabel('Email').fill('ada@example');
    await page.getByLabel('Subject').fill('Hello');
    await page.getByLabel('Message', { exact: true }).fill('Sending our best wishes.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Email').fill('ada@example.com');
    expect(await page.getByText('Please enter a valid email address').count()).toBe(0);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => toastText(page)).toContain('Message Sent');
    const rows = await suite.site.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ada Example', email: 'ada@example.com', subject: 'Hello' });
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
  });
});
