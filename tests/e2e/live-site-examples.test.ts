/**
 * A live site (NODE_ENV=production) on the seed's example campaign shows none of its invented claims, names and
 * contacts as fact (issue 34): the pages leave them out and say the appeal is the example, and a donor's receipt
 * is not signed by the example organiser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { buildReceipt } from '../../src/server/services/donor-mail.ts';
import { createTestDatabase, type TestDatabase } from '../setup/database.ts';
import { freePort } from '../setup/server-process.ts';
import { buildDonation } from '../factories/donations.ts';
import { expectNoAxeViolations, launchBrowser, PHONE, visit } from './fixtures.ts';

/** What the seed says as fact and a live site must not show unchanged. */
const EXAMPLE_FACTS = [
  '30+',
  '1000s',
  'Vasquez-Thorne',
  'consultation fee has already been paid',
  'Urgent: surgery scheduled',
  '100% of donations go directly',
  'Leah Harrow',
  'leah@example.org',
  'support@example.org',
  '(555)',
  'Mon-Fri, 9am-5pm',
  'hcStory2025',
  'healingcircle.example',
];
/** The example ways to give: left out of the pages by name (hiddenGivingOptions), still in their data. */
const EXAMPLE_HANDLES = ['give@example.org', 'HealingCircleExample', 'HealingCircle-Example'];

/** The public pages that showed one of them. */
const PAGES = [
  '/',
  '/donate',
  '/contact',
  '/donor-agreement',
  '/privacy-policy',
  '/consumer-health-data-privacy',
  '/terms-of-service',
  '/medical-disclaimer',
];

let database: TestDatabase;
let app: FastifyInstance;
let browser: Browser;
let baseURL: string;

beforeAll(async () => {
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: baseURL,
    SESSION_SECRET: 'a-test-session-secret-of-some-length-000000',
    ALTCHA_HMAC_KEY: 'a-test-altcha-key-of-some-length-0000000000',
  });
  database = await createTestDatabase();
  app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await database?.destroy();
});

/** A page's HTML and the site data it names, as the browser gets them. */
async function served(path: string): Promise<{ html: string; data: string }> {
  const html = (await app.inject(path)).body;
  const data = /\/site-data\/[\w-]+\.json/.exec(html)?.[0];
  return { html, data: data ? (await app.inject(data)).body : '' };
}

describe('a live site on the example campaign', () => {
  it('shows none of its claims, credentials, names and contacts, in the pages or their data', async () => {
    for (const path of PAGES) {
      const { html, data } = await served(path);
      expect(html, path).toContain('<h1');
      expect(data, path).toContain('"exampleAppeal":true');
      for (const fact of EXAMPLE_FACTS) {
        expect(html.includes(fact), `${path} shows "${fact}"`).toBe(false);
        expect(data.includes(fact), `${path}'s data holds "${fact}"`).toBe(false);
      }
      for (const handle of EXAMPLE_HANDLES) expect(html.includes(handle), `${path} shows "${handle}"`).toBe(false);
    }
  });

  it('says the appeal is the example, and /contact offers its form alone, on a phone with no axe violations', async () => {
    const context = await browser.newContext({ ...PHONE, baseURL, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await visit(page, '/');
      expect(await page.getByRole('note').innerText()).toBe(
        'An example appeal: its story, names and figures are invented.',
      );
      expect(await page.getByRole('heading', { name: 'Meet the Surgeon' }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page);

      await visit(page, '/contact');
      expect(await page.getByRole('heading', { name: 'Send a message' }).count()).toBe(1);
      expect(await page.getByRole('heading', { name: /Email support|Phone/ }).count()).toBe(0);
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('signs a donor’s receipt with the site’s name, not the example organiser’s', async () => {
    const gift = await buildDonation(database.db, { donorEmail: 'ana@donor.test', donorName: 'Ana' });
    const receipt = await buildReceipt(app.commandEnv(), gift.id);
    expect(receipt!.to).toBe('ana@donor.test');
    expect(receipt!.text).toContain('With gratitude,\nThe Healing Circle team\n');
    for (const fact of EXAMPLE_FACTS) expect(receipt!.text.includes(fact), `the receipt shows "${fact}"`).toBe(false);
  });
});
