/** Two-step sign-in as an admin meets it: asked to set it up, enrolling on /profile, signing in with a code. */
import { describe, expect, it } from 'vitest';
import { buildAdmin } from '../factories/users.ts';
import { totpCode } from '../setup/accounts.ts';
import { browserSuite, expectNoAxeViolations, visit, type Page } from './fixtures.ts';

const suite = browserSuite();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('two-step sign-in', () => {
  it('an admin is sent to set it up, enrols with an authenticator, and later signs in with a recovery code', async () => {
    const admin = await buildAdmin(suite.site.database.db, 'manager', { totpEnabledAt: null, firstName: 'Tamsin' });
    const { page } = await suite.newPage();

    await visit(page, '/login?returnTo=/admin-dashboard');
    await signInThroughForm(page, admin.email, admin.password);
    await expect.poll(() => pathOf(page)).toBe('/admin-dashboard');
    // No admin UI until two-step sign-in is on: a clear next step instead.
    await h1(page).filter({ hasText: 'Turn on two-step sign-in' }).waitFor();
    expect(await page.getByTestId('figure-total').count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Set up two-step sign-in' }).click();
    await expect.poll(() => pathOf(page)).toBe('/profile');
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const secret = (await section.getByTestId('totp-secret').innerText()).trim();
    expect(await section.getByRole('img', { name: /QR code/ }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await expectNoAxeViolations(page);

    // A wrong code is refused with a message by the field.
    await section.getByLabel('Code from your app').fill(totpCode(secret) === '000000' ? '111111' : '000000');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => section.getByLabel('Code from your app').getAttribute('aria-invalid')).toBe('true');

    await section.getByLabel('Code from your app').fill(totpCode(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.getByTestId('recovery-codes').getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    const recoveryCode = (await codes.first().innerText()).trim();
    await expectNoAxeViolations(page);
    await section.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expect.poll(() => section.innerText()).toContain('10 of your recovery codes are unused');

    // This session proved the code: the dashboard opens.
    await visit(page, '/admin-dashboard');
    await page.getByTestId('figure-total').waitFor();

    // Signed out, the password alone is not enough; a recovery code gets in once.
    await page.context().clearCookies();
    await visit(page, '/login?returnTo=/admin-dashboard');
    await signInThroughForm(page, admin.email, admin.password);
    const codeField = page.getByLabel('Authentication code');
    await codeField.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('one-time-code');
    expect(pathOf(page)).toBe('/login');
    await expectNoAxeViolations(page);
    await codeField.fill(recoveryCode);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin-dashboard');
    await page.getByTestId('figure-total').waitFor();

    // The same recovery code does not work twice.
    await page.context().clearCookies();
    await visit(page, '/login');
    await signInThroughForm(page, admin.email, admin.password);
    await page.getByLabel('Authentication code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByLabel('Authentication code').getAttribute('aria-invalid')).toBe('true');
    expect(pathOf(page)).toBe('/login');
  }, 90_000);
});
