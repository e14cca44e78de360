/**
 * Sharing a public record and giving to it (issue 34): a patient's fundraiser and a community story carry the main
 * appeal's share set (Share at the top; Share on X, Send Email and Copy Link further down), and a fundraiser its
 * donate bar: Donate on the first screen of a desktop, then kept at the bottom once scrolled past. A doctor's
 * profile has Share too.
 */
import { describe, expect, it } from 'vitest';
import { buildStory } from '../factories/stories.ts';
import {
  browserSuite,
  expectNoAxeViolations,
  liveFundraisersOnSite,
  PHONE,
  settle,
  toastText,
  verifiedDoctorThroughApi,
  visit,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Records what the page hands the device's share sheet, which a phone has and this browser does not. */
async function recordShareSheet(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { shared: unknown[] }).shared = [];
    navigator.share = async (data) => {
      (window as unknown as { shared: unknown[] }).shared.push(data);
    };
  });
}
const shared = (page: Page) => page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared);

/** The share set further down the page: X and mail carry this address; Copy Link copies it. */
async function expectShareSet(page: Page, address: string) {
  const set = page.getByRole('region', { name: 'Help Us Spread the Word' });
  await set.scrollIntoViewIfNeeded();
  const post = set.getByRole('link', { name: 'Share on X (opens in a new tab)' });
  await post.waitFor();
  expect(await post.getAttribute('href')).toContain(`&url=${encodeURIComponent(address)}`);
  const mail = (await set.getByRole('link', { name: 'Send Email' }).getAttribute('href'))!;
  expect(mail).toMatch(/^mailto:\?subject=.+&body=.+/);
  expect(decodeURIComponent(mail)).toContain(address);
  await set.getByRole('button', { name: 'Copy Link' }).click();
  await expect.poll(() => toastText(page)).toContain('Link copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
}

describe('sharing and giving to a public record', () => {
  it('a fundraiser on a desktop: Share at the top, Donate on the first screen then in a bar kept at the bottom, and the share set', async () => {
    const [live] = await liveFundraisersOnSite(suite.site, 'Excision surgery for Ines');
    const address = `${suite.site.baseURL}/fundraisers/${live!.slug}`;
    const { page, context } = await suite.newPage(DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.site.baseURL });
    await visit(page, `/fundraisers/${live!.slug}`);

    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => toastText(page)).toContain('Link copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    // Donate on the first screen, with the figures beside it.
    const hero = page.getByTestId('hero-donate');
    expect(await hero.getAttribute('href')).toBe(`/fundraisers/${live!.slug}/donate`);
    const box = (await hero.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    expect(await page.getByTestId('sticky-donate-bar').count()).toBe(0);

    // Scrolled down to her story, the bar stays at the bottom, and its Donate leads to her donate page.
    await page.getByRole('heading', { name: 'Paula P.’s story' }).scrollIntoViewIfNeeded();
    const bar = page.getByTestId('sticky-donate-bar');
    await expect.poll(() => bar.isVisible()).toBe(true);
    expect(await bar.innerText()).toMatch(/\$0\s+raised of \$9,451/);
    await expectShareSet(page, address);
    await expectNoAxeViolations(page);
    await bar.getByRole('link', { name: 'Donate' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/fundraisers/${live!.slug}/donate`);
  }, 60_000);

  it('a community story on a phone: Share opens the share sheet with its address, and the share set is below', async () => {
    const story = await buildStory(suite.site.database.db, {
      status: 'approved',
      publishConsent: true,
      publishedTitle: 'Nine years to a diagnosis',
      publishedBody: 'It took nine years and five doctors before anyone said the word endometriosis to me.',
      publishedAt: new Date(),
    });
    const address = `${suite.site.baseURL}/stories/${story.id}`;
    const { page, context } = await suite.newPage(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.site.baseURL });
    await recordShareSheet(page);
    await visit(page, `/stories/${story.id}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => shared(page)).toEqual([expect.objectContaining({ url: address })]);
    await expectShareSet(page, address);
    await settle(page);
    await expectNoAxeViolations(page);
  }, 60_000);

  it("a doctor's public profile on a phone: Share opens the share sheet with its address", async () => {
    const { page, context } = await suite.newPage(PHONE);
    const doctor = await verifiedDoctorThroughApi(context, suite.site, { firstName: 'Imani', lastName: 'Okafor' });
    await recordShareSheet(page);
    await visit(page, `/doctors/${doctor.id}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect
      .poll(() => shared(page))
      .toEqual([expect.objectContaining({ url: `${suite.site.baseURL}/doctors/${doctor.id}` })]);
    await expectNoAxeViolations(page);
  });
});
