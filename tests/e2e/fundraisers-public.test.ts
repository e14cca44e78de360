/**
 * A visitor on a phone finds a patient's live fundraiser at /fundraisers and reads its page: the figures are the
 * ledger's records, the page arrives rendered by the server, and both pages pass axe.
 */
import { describe, expect, it } from 'vitest';
import { buildDonation } from '../factories/donations.ts';
import { buildAttestation } from '../factories/medical-reviews.ts';
import { buildApplication, buildLiveFundraiser } from '../factories/public-fundraisers.ts';
import { adminLogin, buildAdmin } from '../factories/users.ts';
import { sessionCookie } from '../setup/accounts.ts';
import { browserSuite, expectNoAxeViolations, liveFundraisersOnSite, PHONE, settle, visit } from './fixtures.ts';

const suite = browserSuite();

describe('live fundraisers for visitors', () => {
  it('lists a live fundraiser with its recorded figures, opens its page, and keeps applications that are not live out', async () => {
    const { app, database, baseURL } = suite.site;
    const manager = await buildAdmin(database.db, 'manager');
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: adminLogin(manager),
      headers: { origin: baseURL },
    });
    const live = await buildLiveFundraiser(app, database.db, sessionCookie(signedIn), {
      origin: baseURL,
      title: 'Excision surgery for Maya',
      firstName: 'Maya',
      neededBy: '2031-03-15',
    });
    await buildLiveFundraiser(app, database.db, sessionCookie(signedIn), {
      origin: baseURL,
      title: 'Knee surgery for June',
      firstName: 'June',
    });
    await buildAttestation(database.db, live.fundraiser.id, { firstName: 'Imani', lastName: 'Okafor' });
    await buildApplication(database.db, { title: 'Waiting for review', status: 'in_review' });
    await buildDonation(database.db, {
      campaignId: live.campaignId,
      amountCents: 236_263,
      donorName: 'Grace',
      showPublicly: true,
    });
    suite.site.refreshProgress();

    const { page } = await suite.newPage(PHONE);
    const list = await visit(page, '/fundraisers');
    expect(list?.status()).toBe(200);
    // Rendered by the server: the card and its figures are in the first response.
    const html = await list!.text();
    expect(html).toContain('Excision surgery for Maya');
    expect(html).not.toContain('Waiting for review');
    const cards = page.getByTestId('fundraiser-card');
    expect(await cards.count()).toBe(2);
    const card = page.getByRole('article', { name: 'Excision surgery for Maya' });
    // $2,362.63 of $9,450.50: 25%, from the ledger's running totals.
    expect(await card.getByTestId('fundraiser-figures').innerText()).toBe('$2,363 raised of $9,451 · 25% · 1 gift');
    // The doctor's attestation marks its card in words; the other card has none.
    const mark = card.getByTestId('fundraiser-reviewed');
    expect(await mark.innerText()).toContain('Medically reviewed by Dr. Imani Okafor');
    // What a screen reader hears: the words, not the tick.
    expect(await mark.ariaSnapshot()).not.toContain('✓');
    const other = page.getByRole('article', { name: 'Knee surgery for June' });
    expect(await other.getByTestId('fundraiser-reviewed').count()).toBe(0);
    expect(await other.innerText()).not.toContain('Medically reviewed');
    expect(html).toContain('Medically reviewed');
    await settle(page);
    await expectNoAxeViolations(page);

    await page.getByRole('searchbox', { name: 'Search' }).fill('no such words');
    await page.getByRole('button', { name: 'Show fundraisers' }).click();
    await page.getByTestId('no-fundraisers').waitFor();
    expect(page.url()).toContain('/fundraisers?q=no+such+words');

    const detail = await visit(page, `/fundraisers/${live.slug}`);
    expect(detail?.status()).toBe(200);
    expect(await detail!.text()).toContain('"@type":"DonateAction"');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Excision surgery for Maya');
    expect(await page.getByTestId('amount-raised').innerText()).toBe('$2,363');
    expect(await page.getByTestId('percent-complete').innerText()).toBe('25% complete');
    expect(await page.getByTestId('total-raisedCents').innerText()).toBe('$2,362.63');
    expect(await page.getByTestId('fundraiser-story').innerText()).toContain('Nine years of pain');
    expect(await page.getByTestId('medically-reviewed').innerText()).toContain(
      'Medically reviewed by Dr. Imani Okafor',
    );
    expect(await page.getByRole('img', { name: 'Paula smiling in a hospital corridor' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Grace').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Donate' }).first().getAttribute('href')).toBe(
      `/fundraisers/${live.slug}/donate`,
    );
    await settle(page);
    await expectNoAxeViolations(page);

    // Its own transparency page: the rules, its plan against its ledger, its gifts; rendered by the server.
    await page.getByRole('link', { name: 'Every gift and payment, and how money is released' }).click();
    await page.getByRole('heading', { level: 1, name: 'Where Every Dollar Goes' }).waitFor();
    expect(page.url()).toBe(`${suite.site.baseURL}/transparency/${live.slug}`);
    expect(await page.getByText('Every donation to “Excision surgery for Maya”').count()).toBe(1);
    expect(await page.getByTestId('total-raisedCents').innerText()).toBe('$2,362.63');
    expect(await page.getByTestId('groups-table').innerText()).toContain('$9,000.00');
    await expect.poll(() => page.getByTestId('donations-list').innerText()).toContain('Grace');
    const ledgerPage = await visit(page, `/transparency/${live.slug}`);
    expect(ledgerPage?.status()).toBe(200);
    expect(await ledgerPage!.text()).toMatch(/Every donation to “(<!-- -->)?Excision surgery for Maya/);
    await settle(page);
    await expectNoAxeViolations(page);
    // Its refund form names it, and files the request under it.
    await page.getByRole('link', { name: 'Ask for a refund' }).click();
    await page.getByText('Gave to “Excision surgery for Maya” and want your money back?').waitFor();
    expect(page.url()).toBe(`${suite.site.baseURL}/refund-request?campaign=${live.slug}`);
    expect((await visit(page, '/transparency/waiting-for-review'))?.status()).toBe(404);

    const missing = await visit(page, '/fundraisers/waiting-for-review');
    expect(missing?.status()).toBe(404);
    // Its code loads only when it is shown; the server's HTML carries it whole.
    expect(await missing!.text()).toContain('This fundraiser does not exist or is not public.');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Fundraiser not found');
  });

  it('says a fundraiser could not be loaded, and shows it when Try again succeeds', async () => {
    const [live] = await liveFundraisersOnSite(suite.site, 'Excision surgery for Rosa');
    const { page } = await suite.newPage(PHONE);
    await visit(page, '/fundraisers?q=Rosa');
    await settle(page);
    // The first read of the fundraiser fails (as a dropped connection would), the next goes through.
    let failed = false;
    await page.route(`**/api/fundraisers/${live!.slug}`, (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.fulfill({ status: 503, json: { message: 'The service is busy. Please try again.' } });
    });
    await page.getByRole('link', { name: 'Excision surgery for Rosa' }).click();
    const alert = page.getByRole('alert');
    expect(await alert.innerText()).toContain('Could not load the fundraiser: The service is busy. Please try again.');
    await settle(page);
    await expectNoAxeViolations(page);

    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Excision surgery for Rosa' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
