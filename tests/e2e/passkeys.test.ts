/**
 * Passkeys as a member meets them on a phone, with Chromium's virtual authenticator (the DevTools Protocol's
 * WebAuthn domain) standing in for her phone's: she adds one in Account Settings, signs in with it, removes it,
 * and it no longer signs her in. She removes her password once she has one, and then only her passkey signs her
 * in. An admin signs in with a passkey as her second step, and unlocks the money moves' gate with it.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { PASSKEY_NOT_ACCEPTED } from '#shared/schemas/passkeys.ts';
import {
  browserSuite,
  expectNoAxeViolations,
  PHONE,
  signInAsAdmin,
  signUpThroughApi,
  toastText,
  visit,
  type Page,
} from './fixtures.ts';

// A passkey's relying party is a domain, never an IP address.
const suite = browserSuite({ hostname: 'localhost' });
const pathOf = (page: Page) => new URL(page.url()).pathname;
const SHOTS = process.env.SCREENSHOT_DIR;

/**
 * A platform authenticator with user verification (a fingerprint always accepted), in this page's browser. While
 * `present`, it answers at once, as she would touch it; the browser's autofill picks her passkey the same way.
 */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    present: (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }),
  };
}

async function addPasskey(page: Page, name: string, password: string) {
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByLabel('Name for the new passkey').fill(name);
  await section.getByLabel('Your password').fill(password);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect.poll(() => toastText(page)).toContain('Passkey added');
  await section.getByTestId('passkey').filter({ hasText: name }).waitFor();
  return section;
}

describe('passkeys', () => {
  it('a member adds a passkey on her phone, signs in with it from the autofill, removes it, and it no longer signs her in', async () => {
    const { page, context } = await suite.newPage(PHONE);
    await virtualAuthenticator(context, page);
    const person = await signUpThroughApi(context, { role: 'patient' });
    await visit(page, '/profile');
    const section = await addPasskey(page, 'My phone', person.password);
    expect(await section.getByTestId('passkey').innerText()).toContain('Not used yet');
    await expectNoAxeViolations(page);
    if (SHOTS) await section.screenshot({ path: `${SHOTS}/passkeys-section-phone.png` });

    // Signed out, the sign-in page offers her passkey in the email field's autofill, which she picks (the
    // virtual authenticator picks it at once).
    await context.clearCookies();
    await visit(page, '/login?returnTo=/profile');
    await expect.poll(() => pathOf(page)).toBe('/profile');
    await expect
      .poll(() => page.getByRole('region', { name: 'Passkeys' }).getByTestId('passkey').innerText())
      .toContain('Last used');

    await page.getByRole('button', { name: 'Remove the passkey My phone' }).click();
    await expect.poll(() => toastText(page)).toContain('Passkey removed');
    await page.getByText('You have no passkeys yet.').waitFor();

    // The authenticator still holds it; the site no longer accepts it, and says so.
    await context.clearCookies();
    await visit(page, '/login');
    await page.getByText(PASSKEY_NOT_ACCEPTED).waitFor();
    expect(pathOf(page)).toBe('/login');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-passkey-refused-phone.png`, fullPage: true });
    await expectNoAxeViolations(page);
  }, 90_000);

  it('a member removes her password once she has a passkey: the passkey signs her in, the password no longer does', async () => {
    const { page, context } = await suite.newPage(PHONE);
    const authenticator = await virtualAuthenticator(context, page);
    const person = await signUpThroughApi(context, { role: 'patient' });
    await visit(page, '/profile');
    await addPasskey(page, 'My phone', person.password);

    const password = page.getByRole('region', { name: 'Change password' });
    await password.getByLabel('Your password, to confirm').fill(person.password);
    await password.getByRole('button', { name: 'Remove my password' }).click();
    await expect.poll(() => toastText(page)).toContain('Password Removed');
    // Without a password, the section offers to set one, and adding a passkey asks for no password.
    const setOne = page.getByRole('region', { name: 'Set a password' });
    await setOne.getByRole('button', { name: 'Confirm with a passkey and set password' }).waitFor();
    expect(await setOne.getByLabel('Current password').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Passkeys' }).getByLabel('Your password').count()).toBe(0);
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-passwordless-phone.png`, fullPage: true });

    // Signed out: her old password is refused as any wrong one is, and her passkey signs her in.
    await authenticator.present(false);
    await context.clearCookies();
    await visit(page, '/login?returnTo=/profile');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(pathOf(page)).toBe('/login');
    await authenticator.present(true);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => pathOf(page)).toBe('/profile');
    await page.getByRole('region', { name: 'Set a password' }).waitFor();
  }, 90_000);

  it('an admin signs in with a passkey from the button as her second step, and unlocks the money moves with it', async () => {
    const { page, context } = await suite.newPage();
    const authenticator = await virtualAuthenticator(context, page);
    const admin = await signInAsAdmin(context, suite.site, 'manager');
    await visit(page, '/profile');
    await addPasskey(page, 'Office key', admin.password);

    // This time from the button: the autofill waits (she has not touched the key) until the button's ask replaces it.
    await authenticator.present(false);
    await context.clearCookies();
    await visit(page, '/login?returnTo=/admin-dashboard');
    expect(await page.getByLabel('Email').getAttribute('autocomplete')).toBe('username webauthn');
    await expectNoAxeViolations(page);
    await authenticator.present(true);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin-dashboard');
    await page.getByTestId('figure-total').waitFor();

    // The money moves' gate opens with the same passkey instead of her password.
    await visit(page, '/admin-donations');
    await page.getByRole('heading', { level: 1, name: 'Admin Access' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Unlock with a passkey' }).click();
    await page.getByRole('heading', { level: 1, name: 'Donation Management' }).waitFor();
  }, 90_000);
});
