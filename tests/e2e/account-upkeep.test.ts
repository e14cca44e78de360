/** Accounts, as people use them after signing up: confirming the email, a forgotten password, account settings. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  browserSuite,
  expectNoAxeViolations,
  signUpThroughApi,
  toastText,
  visit,
  waitForMailedLink,
  type Page,
} from './fixtures.ts';

import { accountMenuButton, fieldError, pathOf, signInThroughForm } from './account-parts.ts';

const suite = browserSuite();

/** The part of the password rule the server alone checks, which the hint must say too. */
const PASSWORD_RULE = 'It must not contain your name or email address, and must not be a common password.';

/** What a labelled control is described by (its hint, its error), as a screen reader reads it. */
async function describedBy(page: Page, label: string): Promise<string> {
  const ids = ((await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby')) ?? '').split(' ');
  const texts = await Promise.all(ids.filter(Boolean).map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' ');
}

describe('account upkeep', () => {
  it('confirms the email address and resets a forgotten password with the mailed links', async () => {
    const { page, context } = await suite.newPage();
    const person = await signUpThroughApi(context);

    // Signed in on a prerendered page: hydration matches (signed-out first), then the account nav appears.
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(msg.text());
    });
    // The reminder, a fresh link, and the link used once.
    await visit(page, '/');
    await accountMenuButton(page).waitFor();
    expect(errors).toEqual([]);
    await page.getByRole('button', { name: 'Resend link' }).click();
    await expect.poll(() => toastText(page)).toContain('We sent you a new confirmation link.');
    const verifyLink = await waitForMailedLink(suite.site, person.email, '/verify-email');
    await visit(page, verifyLink);
    await page.getByRole('heading', { level: 1, name: 'Email Confirmed' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Resend link' }).count()).toBe(0);
    await visit(page, verifyLink);
    await page.getByRole('heading', { level: 1, name: 'Email Not Confirmed' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('This verification link is invalid or expired.');

    // No token: the notice, then the sign-in page.
    await visit(page, '/reset-password');
    await page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' }).waitFor();
    expect(await page.getByText('This password reset link is invalid or expired.').count()).toBe(1);
    await expectNoAxeViolations(page);
    await expect.poll(() => pathOf(page)).toBe('/login');

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    expect(pathOf(page)).toBe('/forgot-password');
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => page.getByText('Please enter a valid email address').count()).toBe(1);
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check Your Email' }).waitFor();
    await expect.poll(() => toastText(page)).toContain('Reset Email Sent');
    expect(await page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    await page.getByRole('button', { name: 'Try Another Email' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('');

    const resetLink = await waitForMailedLink(suite.site, person.email, '/reset-password');
    await visit(page, resetLink);
    await page.getByRole('heading', { level: 1, name: 'Reset Your Password' }).waitFor();
    await expectNoAxeViolations(page);
    const newPassword = page.getByLabel('New password', { exact: true });
    // The whole rule before she types, the part only the server checks too.
    expect(await describedBy(page, 'New password')).toContain(PASSWORD_RULE);
    const toggle = page.getByRole('button', { name: 'Show password' }).first();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await newPassword.getAttribute('type')).toBe('password');
    await toggle.click();
    expect(await newPassword.getAttribute('type')).toBe('text');
    const hide = page.getByRole('button', { name: 'Hide password' });
    expect(await hide.getAttribute('aria-pressed')).toBe('true');
    await hide.click();
    expect(await newPassword.getAttribute('type')).toBe('password');

    await newPassword.fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => page.getByText('Password must be at least 8 characters long').count()).toBe(1);
    await newPassword.fill('Fresh-Meadow-77');
    await page.getByLabel('Confirm new password').fill('Fresh-Meadow-78');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => toastText(page)).toContain("Passwords Don't Match");
    expect(await toastText(page)).toContain('Please make sure both passwords are identical.');
    await page.getByLabel('Confirm new password').fill('Fresh-Meadow-77');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Password Reset Successfully' }).waitFor();

    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await expect.poll(() => pathOf(page)).toBe('/login');
    await signInThroughForm(page, person.email, 'Fresh-Meadow-77');
    await expect.poll(() => pathOf(page)).toBe('/');
    await accountMenuButton(page).waitFor();

    // The link is spent: the page says so when it opens, before any password is typed, with a way to a new one.
    await visit(page, resetLink);
    await page.getByRole('heading', { level: 1, name: 'This link was used or has expired' }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect.poll(() => pathOf(page)).toBe('/forgot-password');
  }, 60_000);

  it('account settings: edit the name, sessions, download my data, delete the account', async () => {
    const { page, context } = await suite.newPage();
    const person = await signUpThroughApi(context, { firstName: 'Mira', lastName: 'Stone' });
    // A second device.
    const other = await suite.newPage();
    expect(
      (
        await other.context.request.post('/api/auth/login', {
          data: { email: person.email, password: person.password },
        })
      ).status(),
    ).toBe(200);

    await visit(page, '/profile');
    await page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();
    expect(await page.title()).toMatch(/^Account Settings/);
    await expect.poll(() => page.getByTestId('session').count()).toBe(2);
    await expectNoAxeViolations(page);

    await page.getByLabel('First name').fill('Miranda');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => toastText(page)).toContain('Profile Updated');
    await expect.poll(() => page.getByRole('button', { name: 'Account menu for Miranda Stone' }).count()).toBe(1);

    // A photo replaces the initials, in the settings and in the menu.
    const png = fs.readFileSync(new URL('../../content/public/favicon.svg', import.meta.url));
    await page.getByLabel('Add a photo').setInputFiles({ name: 'not-really.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => toastText(page)).toContain('The avatar must be a PNG, JPEG or WebP image');
    const realPng = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.getByLabel('Add a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: realPng });
    await expect.poll(() => page.getByRole('button', { name: 'Remove photo' }).count()).toBe(1);
    expect(await page.locator('img[src^="/api/uploads/"]').count()).toBeGreaterThan(0);

    expect(await describedBy(page, 'New password')).toContain(PASSWORD_RULE);
    await page.getByLabel('Current password').fill('Not-My-Password-1');
    await page.getByLabel('New password').fill('Another-Harbour-51');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => fieldError(page, 'Current password')).toBe('Your current password is not correct');

    // Sessions: this one is marked; the other can be signed out.
    expect(await page.getByText('This device').count()).toBe(1);
    await page.getByRole('button', { name: /^Sign out .*, started / }).click();
    await expect.poll(() => page.getByTestId('session').count()).toBe(1);
    expect((await other.context.request.get('/api/auth/user')).status()).toBe(401);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('my-data.json');
    const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(data.account.email).toBe(person.email);
    expect(data.account.passwordHash).toBeUndefined();

    await page.getByRole('button', { name: 'Delete my account…' }).click();
    await page.getByRole('button', { name: 'Permanently delete my account' }).click();
    await expect.poll(() => fieldError(page, 'Password')).toBe('Enter your password to confirm');
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Permanently delete my account' }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await expect.poll(() => toastText(page)).toContain('Account Deleted');
    await expect.poll(() => page.getByRole('link', { name: 'Join Community' }).count()).toBe(1);
    const again = await page.request.post('/api/auth/login', {
      data: { email: person.email, password: person.password },
    });
    expect(again.status()).toBe(401);
  }, 60_000);
});
