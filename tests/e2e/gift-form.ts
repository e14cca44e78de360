/** What the tests of the two donate pages (/donate, /fundraisers/:slug/donate) do alike with their gift form. */
import { expect } from 'vitest';
import type { BrowserContext, Locator } from 'playwright-core';
import { PHONE, settle, toastText, type Page } from './fixtures.ts';

/** A quick amount as the donor sees it: "$50" (the methods show "$50.00", so this matches only the amount). */
export const quickAmount = (page: Page, dollars: number) => page.getByText(`$${dollars}`, { exact: true });

/** The text of the elements that describe a control (its aria-describedby), as a screen reader reads it. */
export async function describedBy(control: Locator): Promise<string> {
  const ids = (await control.getAttribute('aria-describedby'))?.split(/\s+/) ?? [];
  const page = control.page();
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.filter(Boolean).join(' ');
}

/** Every intent request the page sends and every tab the context opens, from now on. */
export function watchGifts(page: Page, context: BrowserContext) {
  const intentPosts: string[] = [];
  const tabs: Page[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/(donation-intent|campaigns\/[^/]+\/intents)$/.test(r.url()))
      intentPosts.push(r.url());
  });
  context.on('page', (tab) => tabs.push(tab));
  return { intentPosts, tabs };
}

/**
 * Taps a payment method twice at the same point, as a hurried thumb does. Returns every page the taps asked the
 * browser to open (counted where the page calls window.open, so a second tab cannot arrive after the count: its
 * address, blank for a tab the page sends on once the intent answers), the tabs opened and every intent request
 * sent, once the first intent is saved and the network is quiet.
 */
export async function doubleTapMethod(page: Page, context: BrowserContext, method: RegExp) {
  const seen = watchGifts(page, context);
  await page.evaluate(() => {
    const w = window as unknown as { opened: string[] };
    w.opened = [];
    const open = window.open.bind(window);
    window.open = (...args) => {
      w.opened.push(String(args[0]));
      return open(...args);
    };
  });
  const button = page.getByRole('button', { name: method });
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.touchscreen.tap(x, y);
  await page.touchscreen.tap(x, y);
  await expect.poll(() => toastText(page)).toContain('Intent Saved');
  await settle(page);
  const opened = await page.evaluate(() => (window as unknown as { opened: string[] }).opened);
  return { opened, tabs: seen.tabs, intentPosts: seen.intentPosts };
}

/**
 * Opens `path` on a phone whose CPU is slowed 4x, with the page's scripts held back until `before` has run: what
 * `before` does happens, certainly, after the page shows and before it hydrates. Returns once it has hydrated.
 */
export async function actBeforeHydration(
  newPage: (options: typeof PHONE) => Promise<{ page: Page; context: BrowserContext }>,
  path: string,
  before: (page: Page) => Promise<void>,
) {
  const { page, context } = await newPage(PHONE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await before(page);
  expect(await page.locator('html[data-hydrated]').count(), 'the page hydrated before the gestures').toBe(0);
  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return { page, context };
}
