/** A visitor reads the appeal, shares it, and sees progress move. */
import { describe, expect, it } from 'vitest';
import { buildDonation } from '../factories/donations.ts';
import { CLIENT_DIST_DIR } from '../../src/server/paths.ts';
import { readClientChunks } from '../../src/server/services/site-pages.ts';
import { browserSuite, expectNoAxeViolations, settle, toastText, visit } from './fixtures.ts';

const suite = browserSuite();

describe('the campaign page', () => {
  it('shows every section of the appeal, in order', async () => {
    const { page } = await suite.newPage();
    await visit(page, '/');
    const text = await page.locator('main').innerText();
    const order = [
      "Maya's Endometriosis Surgery Fund",
      'Urgent: surgery scheduled this winter',
      'Help Maya get the specialist surgery',
      'Also on TikTok',
      'Surgery Fund Progress',
      'minimum expected cost',
      'Donate Now',
      'Share This Page',
      'Donate Through GoFundMe',
      'Recent Supporters',
      'Join Our Supporters',
      'Our Family',
      'Meet the Surgeon',
      'Why This Surgery',
      "Maya's Journey",
      'September 11, 2025',
      'Where Your Donation Goes',
      'Time Is Critical',
      'Help Us Spread the Word',
    ];
    let last = -1;
    for (const snippet of order) {
      const at = text.indexOf(snippet, last + 1);
      expect(at, `"${snippet}" should come after the previous section`).toBeGreaterThan(last);
      last = at;
    }
    await expect.poll(() => page.getByTestId('amount-raised').innerText()).toBe('$0');
    expect(await page.getByTestId('amount-remaining').innerText()).toBe('$15,000 still needed');
    // No invented supporters: until a gift is recorded, the wall says so and invites the first.
    await expect
      .poll(() => page.getByTestId('supporters-status').innerText())
      .toBe('No gifts have been recorded yet. Yours can be the first to bring Maya closer to surgery.');
    expect(await page.getByRole('region', { name: 'Our Family' }).getByRole('img').count()).toBe(4);
    expect(text).toContain('30+');
    expect(text).toContain('1000s');
    expect(text).toContain('$1,200');
    expect(await page.getByRole('link', { name: 'Share on X (opens in a new tab)' }).getAttribute('href')).toMatch(
      /^https:\/\/twitter\.com\/intent\/tweet\?text=.+&url=http%3A%2F%2F127\.0\.0\.1/,
    );
    expect(await page.getByRole('link', { name: 'Send Email' }).getAttribute('href')).toMatch(
      /^mailto:\?subject=.+&body=.+127\.0\.0\.1/,
    );
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const href of ['/privacy-policy', '/consumer-health-data-privacy', '/medical-disclaimer', '/admin']) {
      expect(await footer.locator(`a[href="${href}"]`).count()).toBe(1);
    }
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd['@graph'].map((n: { '@type': string }) => n['@type'])).toEqual(
      expect.arrayContaining(['DonateAction', 'Patient', 'Physician', 'Person']),
    );
  });

  it('shows the story as HTML before any JavaScript runs', async () => {
    const { page } = await suite.newPage({ javaScriptEnabled: false });
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Help Maya');
    expect(await page.title()).toContain('Maya');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${suite.site.baseURL}/`);
  });

  // How long "Copied!" stays (two seconds) is checked with a fake clock in routes/public/campaign-page.test.tsx.
  it('copies the link with Share, says "Copied!" and tells it in a toast', async () => {
    const { page, context } = await suite.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.site.baseURL });
    await visit(page, '/');
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await share.click();
    await expect.poll(() => page.locator('main header button').innerText()).toBe('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.site.baseURL}/`);
    await expect.poll(() => toastText(page)).toContain('Link copied!');
    // F8 takes keyboard users to the notifications region.
    await page.keyboard.press('F8');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label')))
      .toMatch(/^Notifications/);
  });

  it('loads the code below the first screens of a phone only as the reader scrolls there, and it then works', async () => {
    const { page, context } = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.site.baseURL });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await visit(page, '/');
    await settle(page);
    // Chunks are named by their hash alone: the build's chunk map says which one holds the story.
    const storyChunk = readClientChunks(CLIENT_DIST_DIR).find((c) =>
      c.modules.includes('src/client/routes/public/campaign-story.tsx'),
    );
    expect(storyChunk).toBeDefined();
    const storyCode = () => scripts.includes(`/${storyChunk!.file}`);
    expect(storyCode()).toBe(false);
    // The story is on the page already (the HTML carries it); what waits is its behaviour, such as the
    // figures it asks the ledger for.
    const released = page.getByTestId('released-surgery');
    expect((await released.innerText()).trim()).toBe('');

    const copy = page.locator('[aria-labelledby="spread-title"] button');
    expect(await copy.innerText()).toBe('Copy Link');
    await copy.scrollIntoViewIfNeeded();
    await expect.poll(() => released.innerText()).toBe('$0.00 released so far');
    expect(storyCode()).toBe(true);
    await copy.click();
    await expect.poll(() => copy.innerText()).toBe('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${suite.site.baseURL}/`);
  });

  it('loads nothing from another host until the visitor plays the video', async () => {
    const { page, thirdParty } = await suite.newPage();
    await visit(page, '/');
    await settle(page);
    await visit(page, '/donate');
    await settle(page);
    await visit(page, '/');
    await settle(page);
    expect(thirdParty).toEqual([]);

    await page.getByRole('button', { name: /^Play video/ }).click();
    const frame = page.locator('iframe');
    expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/hcStory2025/);
    await expect.poll(() => thirdParty.some((u) => u.startsWith('https://www.youtube-nocookie.com/'))).toBe(true);
  });

  it('shows newly recorded gifts in progress and Recent Supporters within 30 seconds, without a rebuild', async () => {
    const { page } = await suite.newPage();
    await page.clock.install();
    await visit(page, '/');
    await expect.poll(() => page.getByTestId('amount-raised').innerText()).toBe('$0');

    const db = suite.site.database.db;
    await buildDonation(db, { amountCents: 142_700, donorName: 'Jenna R.', showPublicly: true, message: 'For Maya' });
    await buildDonation(db, { amountCents: 10_000, currency: 'CAD', usdCents: 7300, donorName: 'Not Shown' });
    suite.site.refreshProgress();
    await page.clock.fastForward(30_000);
    await expect.poll(() => page.getByTestId('amount-raised').innerText()).toBe('$1,500');
    expect(await page.getByTestId('percent-complete').innerText()).toBe('10% complete');
    expect(await page.getByTestId('amount-remaining').innerText()).toBe('$13,500 still needed');
    const wall = page.getByRole('region', { name: 'Recent Supporters' });
    await expect.poll(() => wall.getByRole('listitem').count()).toBe(2);
    const [newest, first] = (await wall.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(newest).toMatch(/^Anonymous via PayPal · .+ CA\$100 CAD ≈ \$73\.00 USD$/);
    expect(first).toMatch(/^Jenna R\. via PayPal · .+ “For Maya” \$1,427$/);
    expect(await wall.innerText()).not.toContain('Not Shown');
  });

  it("shows the raised amount, goal, bar and Donate on a phone's first screen, then keeps Donate at the bottom", async () => {
    const { page } = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await visit(page, '/');
    const hero = page.getByTestId('hero-donate');
    const strip = hero.locator('xpath=../..');
    await expect.poll(() => strip.innerText()).toMatch(/^\$[\d,]+\s+raised of \$15,000\s+Donate$/);
    const box = (await strip.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await page.getByTestId('sticky-donate-bar').count()).toBe(0);

    // Scrolled past the strip, the slim bar stays at the bottom; it hides nothing that takes focus.
    await page.getByRole('heading', { name: 'Our Family' }).scrollIntoViewIfNeeded();
    const bar = page.getByTestId('sticky-donate-bar');
    await expect.poll(() => bar.isVisible()).toBe(true);
    const barTop = (await bar.boundingBox())!.y;
    const footerLink = page.getByRole('navigation', { name: 'Footer' }).getByRole('link').last();
    await footerLink.focus();
    const focused = (await footerLink.boundingBox())!;
    expect(focused.y + focused.height).toBeLessThanOrEqual(barTop);
    await expectNoAxeViolations(page);

    // The bar's Donate is one Tab from the element before it, and opens the donate page.
    await page.getByTestId('sticky-donate').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: "Support Maya's Surgery" }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/donate');
    await page.mouse.wheel(0, 2000);
    await settle(page);
    expect(await page.getByTestId('sticky-donate-bar').count()).toBe(0);
  });

  it('opens the phone share sheet where there is one, with the page link', async () => {
    const { page } = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      navigator.share = async (data) => {
        (window as unknown as { shared: unknown[] }).shared.push(data);
      };
    });
    await visit(page, '/');
    await page.getByRole('button', { name: 'Share This Page' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared))
      .toEqual([expect.objectContaining({ url: `${suite.site.baseURL}/` })]);
  });
});
