/** User management: who may open it, a manager's read-only view, a super admin changing, suspending and restoring an account, and inviting an admin. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox } from '../../src/server/db/schema/index.ts';
import {
  browserSuite,
  expectNoAccessView,
  expectNoAxeViolations,
  signInAsAdmin,
  signUpThroughApi,
  toastText,
  visit,
  type BrowserContext,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const usersTable = (page: Page) => page.getByTestId('users-table');
const rowFor = (page: Page, email: string) => usersTable(page).getByRole('row').filter({ hasText: email });

/** A super admin, made in the database (nobody can make themselves one), signed in from this context. */
const signInAsSuperAdmin = (context: BrowserContext) =>
  signInAsAdmin(context, suite.site, 'super_admin', { firstName: 'Sofia', lastName: 'Super' });

interface ListedUser {
  email: string;
  role: string | null;
  adminLevel: string | null;
  status: string;
}

/** What the server lists for this email (a search by it), as the signed-in admin of this context. */
async function listed(context: BrowserContext, email: string): Promise<ListedUser | undefined> {
  const res = await context.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: ListedUser[] }).items.find((u) => u.email === email);
}

describe('admin user management', () => {
  it('shows signed-out visitors a sign-in view and patients a no-access view; the server refuses them', async () => {
    const anonymous = await suite.newPage();
    await visit(anonymous.page, '/admin-users');
    await h1(anonymous.page).filter({ hasText: 'Please sign in' }).waitFor();
    expect(await anonymous.page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe(
      '/login?returnTo=%2Fadmin-users',
    );

    const { page, context } = await suite.newPage();
    await signUpThroughApi(context, { role: 'patient' });
    await expectNoAccessView(page, '/admin-users', /^User Management/);
    expect(await usersTable(page).count()).toBe(0);
    // The server agrees.
    expect((await context.request.get('/api/admin/users')).status()).toBe(403);
  }, 60_000);

  it('a manager sees the accounts read-only', async () => {
    const { page, context } = await suite.newPage();
    const manager = await signInAsAdmin(context, suite.site, 'manager', { firstName: 'Mara', lastName: 'Manager' });

    await visit(page, '/admin-users');
    await h1(page).filter({ hasText: 'User Management' }).waitFor();
    const row = rowFor(page, manager.email);
    await row.waitFor();
    expect(await row.getByRole('rowheader').innerText()).toBe('Mara Manager (you)');
    expect(await row.innerText()).toContain('Manager');
    expect(await page.getByTestId('read-only-note').innerText()).toContain('only super admins can change');
    expect(await page.getByRole('button', { name: /^Save role/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Suspend/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Invite an admin' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // The server agrees: a manager may look, not change.
    const res = await context.request.patch(`/api/admin/users/${manager.id}/role`, {
      data: { role: 'admin', adminLevel: 'super_admin' },
    });
    expect(res.status()).toBe(403);
  }, 60_000);

  it('a super admin finds a patient, makes them a moderator, suspends and restores them, and resends their confirmation', async () => {
    const patientSide = await suite.newPage();
    const patient = await signUpThroughApi(patientSide.context, {
      role: 'patient',
      firstName: 'Paula',
      lastName: 'Patient',
    });

    const { page, context } = await suite.newPage();
    await signInAsSuperAdmin(context);
    await visit(page, '/admin-users');
    await h1(page).filter({ hasText: 'User Management' }).waitFor();
    await usersTable(page).waitFor();

    // Search by keyboard: type, then Enter.
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await search.focus();
    await page.keyboard.type(patient.email);
    await page.keyboard.press('Enter');
    await expect.poll(() => usersTable(page).getByRole('row').count()).toBe(2); // the header and the patient
    const row = rowFor(page, patient.email);
    expect(await row.getByRole('rowheader').innerText()).toBe('Paula Patient');
    expect(await row.innerText()).toContain('Patient');
    expect(await row.innerText()).toContain('Not confirmed');
    expect(await row.innerText()).toContain('Active');
    expect(await page.getByRole('caption').innerText()).toContain('1 in all');
    await expectNoAxeViolations(page);

    // Role: admin, level moderator.
    await row.getByRole('combobox', { name: 'Role for Paula Patient' }).selectOption('admin');
    await row.getByRole('combobox', { name: 'Admin level for Paula Patient' }).selectOption('moderator');
    await row.getByRole('button', { name: 'Save role for Paula Patient' }).click();
    await expect.poll(() => toastText(page)).toContain('Role updated');
    await expect.poll(() => row.innerText()).toContain('Administrator');
    expect(await row.innerText()).toContain('Moderator');
    expect(await row.getByRole('button', { name: 'Save role for Paula Patient' }).isDisabled()).toBe(true);
    expect(await listed(context, patient.email)).toMatchObject({
      role: 'admin',
      adminLevel: 'moderator',
      status: 'active',
    });
    // A change of privilege ends the person's sessions: they sign in again under the new rules.
    expect((await patientSide.context.request.get('/api/auth/user')).status()).toBe(401);
    await expectNoAxeViolations(page);

    // Suspend: a reason is asked for first (at least 3 characters).
    await row.getByRole('button', { name: 'Suspend Paula Patient' }).click();
    const reason = row.getByRole('textbox', { name: 'Reason for suspending Paula Patient' });
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await reason.fill('no');
    await row.getByRole('button', { name: 'Suspend account' }).click();
    await expect.poll(() => row.getByText('Say why the account is suspended').count()).toBe(1);
    expect((await listed(context, patient.email))?.status).toBe('active');
    await expectNoAxeViolations(page);
    await reason.fill('Asked patients for money in messages');
    await row.getByRole('button', { name: 'Suspend account' }).click();
    await expect.poll(() => toastText(page)).toContain('Account suspended');
    await expect.poll(() => row.innerText()).toContain('Suspended');
    expect(await listed(context, patient.email)).toMatchObject({ status: 'suspended' });

    // Restore.
    const restore = row.getByRole('button', { name: 'Restore Paula Patient' });
    await expect.poll(() => restore.evaluate((el) => el === document.activeElement)).toBe(true);
    await restore.click();
    await expect.poll(() => toastText(page)).toContain('Account restored');
    await expect.poll(() => row.innerText()).toContain('Active');
    expect(await listed(context, patient.email)).toMatchObject({ status: 'active' });

    // A new confirmation mail.
    const mailsTo = async () =>
      (await suite.site.database.db.select().from(outbox).where(eq(outbox.to, patient.email))).length;
    const before = await mailsTo();
    await row.getByRole('button', { name: 'Resend verification to Paula Patient' }).click();
    await expect.poll(() => toastText(page)).toContain('Verification email sent');
    await expect.poll(mailsTo).toBe(before + 1);

    // Show all again.
    await page.getByRole('button', { name: 'Show all' }).click();
    await expect.poll(() => usersTable(page).getByRole('row').count()).toBeGreaterThan(2);
  }, 90_000);

  it('a super admin creates an admin invite and copies its one-time link', async () => {
    const { page, context } = await suite.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsSuperAdmin(context);
    await visit(page, '/admin-users');
    await page.getByRole('heading', { name: 'Invite an admin' }).waitFor();

    await page.getByRole('combobox', { name: 'Admin level', exact: true }).selectOption('manager');
    await page.getByRole('textbox', { name: 'Email (optional)' }).fill('new.manager@example.org');
    await page.getByRole('button', { name: 'Create invite' }).click();
    await expect.poll(() => toastText(page)).toContain('Invite created');

    const link = page.getByRole('textbox', { name: 'One-time invite link' });
    await link.waitFor();
    const href = await link.inputValue();
    expect(href.startsWith(`${suite.site.baseURL}/register?invite=`)).toBe(true);
    expect(await link.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('invite-result').innerText()).toContain('Expires');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => toastText(page)).toContain('Link copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(href);
  }, 60_000);
});
