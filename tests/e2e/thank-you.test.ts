/**
 * A donor's gift reference: the donate page gives it to her payment's note and to copy, and /thank-you says whether
 * her gift is counted yet. The server's half of issue 36 (the intent's reference, GET /api/gift-status/:reference) is
 * being built apart: until it lands, these journeys answer those two calls in the browser (page.route), as the
 * shared schemas say the server will.
 */
import { describe, expect, it } from 'vitest';
import type { GiftStatus } from '../../src/shared/schemas/donation.ts';
import { browserSuite, expectNoAxeViolations, PHONE, visit, type Page } from './fixtures.ts';
import { quickAmount } from './gift-form.ts';

const suite = browserSuite();

const MAIN_APPEAL = { name: 'Maya’s surgery fund', path: '/' };

/** Answers the main appeal's intent as the server will: with the gift's reference. */
async function answerIntentWith(page: Page, reference: string) {
  await page.route('**/api/donation-intent', (route) =>
    route.fulfill({
      status: 201,
      contentType: 'application/json',
      body: JSON.stringify({ id: '00000000-0000-4000-8000-000000000036', reference }),
    }),
  );
}

/** Answers the status calls in turn (the last answer repeats) and records which references were asked about. */
async function answerStatusWith(page: Page, ...answers: (GiftStatus['status'] | 404)[]) {
  const asked: string[] = [];
  await page.route('**/api/gift-status/*', (route) => {
    const reference = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop()!);
    asked.push(reference);
    const answer = answers[Math.min(asked.length, answers.length) - 1]!;
    return answer === 404
      ? route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'No gift has this reference', code: 'NOT_FOUND' }),
        })
      : route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ reference, status: answer, campaign: MAIN_APPEAL } satisfies GiftStatus),
        });
  });
  return asked;
}

/** Hydration errors: the first render in the browser did not match the prerendered HTML. */
function watchForHydrationErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/hydrat|did not match|#418|#425|#423/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: /gift/ });

describe('a donor’s gift reference', () => {
  it('goes to Venmo as the payment note, is shown to copy, and the thank-you page later says the gift is counted', async () => {
    const { page, context } = await suite.newPage(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.site.baseURL });
    await answerIntentWith(page, 'HC-7KQ3');
    await visit(page, '/donate');
    await quickAmount(page, 25).tap();

    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: /^Venmo/ }).tap();
    await (await opened).waitForURL('https://venmo.com/u/HealingCircle-Example?txn=pay&amount=25&note=HC-7KQ3');

    const line = page.getByText("to the payment's note so we can thank you");
    expect(await line.innerText()).toBe("Add HC-7KQ3 to the payment's note so we can thank you");
    const copy = page.getByRole('button', { name: 'Copy reference' });
    await copy.tap();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('HC-7KQ3');
    await expectNoAxeViolations(page);

    // Later, on the same phone: Stripe and the links she is mailed bring her to /thank-you without a reference.
    const asked = await answerStatusWith(page, 'waiting', 'counted');
    const problems = watchForHydrationErrors(page);
    await visit(page, '/thank-you');
    await status(page)
      .filter({ hasText: 'We haven’t received word of your gift (HC-7KQ3) yet. This page updates by itself.' })
      .waitFor();
    await expectNoAxeViolations(page);
    await status(page)
      .filter({ hasText: 'Thank you! Your gift (HC-7KQ3) is counted in Maya’s surgery fund’s progress.' })
      .waitFor();
    expect(asked).toEqual(['HC-7KQ3', 'HC-7KQ3']);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);

    // By keyboard, on to the campaign she gave to.
    const toCampaign = page.getByRole('link', { name: 'See Maya’s surgery fund’s progress' });
    await toCampaign.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.site.baseURL}/`);
  });
});

describe('the thank-you page', () => {
  it('is prerendered as a neutral "Checking your gift…", not indexed, with its own title', async () => {
    const { page } = await suite.newPage({ javaScriptEnabled: false });
    const response = await page.goto('/thank-you?ref=HC-7KQ3');
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('status').innerText()).toBe('Checking your gift…');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Thank You');
    expect(await page.title()).toBe('Thank You | Healing Circle');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
  });

  it('checks the reference in its address, in either case, and says a refunded gift is not counted', async () => {
    const { page } = await suite.newPage(PHONE);
    const asked = await answerStatusWith(page, 'refunded');
    await visit(page, '/thank-you?ref=hc-9mxd');
    await status(page)
      .filter({ hasText: 'Your gift (HC-9MXD) was refunded, so it is not counted in Maya’s surgery fund’s progress.' })
      .waitFor();
    expect(asked[0]).toBe('HC-9MXD');
    await expectNoAxeViolations(page);
  });

  it('says kindly that it knows no gift of that reference, and offers the donate page by keyboard', async () => {
    const { page } = await suite.newPage(PHONE);
    await answerStatusWith(page, 404);
    await visit(page, '/thank-you?ref=HC-2222');
    await status(page).filter({ hasText: 'We could not find a gift with the reference HC-2222.' }).waitFor();
    await expectNoAxeViolations(page);
    const toDonate = page.getByRole('link', { name: 'Go to the donate page' });
    await toDonate.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Your Gift', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/donate');
  });

  it('says kindly that it has no reference to check on a device that gave none, and asks nothing', async () => {
    const { page } = await suite.newPage(PHONE);
    const asked = await answerStatusWith(page, 'waiting');
    await visit(page, '/thank-you');
    await status(page).filter({ hasText: 'it has no gift reference to look up on this device' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to the donate page' }).getAttribute('href')).toBe('/donate');
    await expectNoAxeViolations(page);
    expect(asked).toEqual([]);
  });
});
