/** Signing out is a POST: a visit to /api/logout (a link or image elsewhere could cause one) signs nobody out. */
import { describe, expect, it } from 'vitest';
import { browserSuite, expectNoAxeViolations, signUpThroughApi, visit, type Page } from './fixtures.ts';

const suite = browserSuite();
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('sign-out', () => {
  it('visiting /api/logout while signed in leaves you signed in until you press Sign Out', async () => {
    const { page, context } = await suite.newPage();
    const person = await signUpThroughApi(context);

    await visit(page, '/api/logout');
    await expect.poll(() => pathOf(page)).toBe('/logout');
    await page.getByRole('heading', { level: 1, name: 'Sign Out' }).waitFor();
    expect(await page.getByText(`You are signed in as ${person.firstName} ${person.lastName}.`).count()).toBe(1);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
    await expectNoAxeViolations(page);

    // An image on another site asking for /api/logout changes nothing either.
    expect((await page.request.get('/api/logout', { maxRedirects: 0 })).status()).toBe(302);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Sign Out' }).click()]);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(pathOf(page)).toBe('/');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    // Signed out, the page says so and offers the way home.
    await visit(page, '/logout');
    await page.getByRole('heading', { level: 1, name: 'You Are Signed Out' }).waitFor();
    await expectNoAxeViolations(page);
  }, 60_000);
});
