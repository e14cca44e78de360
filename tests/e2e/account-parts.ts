/** What the account journeys share: the account menu, field errors and the sign-in form, as a person uses them. */
import type { Page } from './fixtures.ts';

export const pathOf = (page: Page) => new URL(page.url()).pathname;
export const accountMenuButton = (page: Page) => page.getByRole('button', { name: /^Account menu for / });

export async function openAccountMenu(page: Page) {
  await accountMenuButton(page).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

export async function menuItemNames(page: Page): Promise<string[]> {
  const menu = await openAccountMenu(page);
  return (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
}

/** The error text tied to a field by aria-describedby ('' when there is none). */
export async function fieldError(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true });
  if ((await field.getAttribute('aria-invalid')) !== 'true') return '';
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? page.locator(`[id="${ids[0]}"]`).innerText() : '';
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export const GENERAL_ITEMS = ['My Stories', 'Notifications', 'Account Settings', 'Contact'];
export const ADMIN_ITEMS = [
  'Admin Dashboard',
  'Analytics Dashboard',
  'Story Management',
  'Donation Management',
  'Payments',
  'User Management',
];
