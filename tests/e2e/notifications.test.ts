/** The notifications page and the bell: the unread count (9+ above 9), links to targets, mark read. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema/index.ts';
import { notify } from '../../src/server/services/notifications.ts';
import { browserSuite, expectNoAxeViolations, PHONE, signUpThroughApi, visit, type Page } from './fixtures.ts';

const suite = browserSuite();

const badge = (page: Page) => page.getByRole('banner').getByTestId('unread-badge').first();
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('notifications', () => {
  it('lists them newest first, counts the unread on the bell, and marks them read', async () => {
    const { page, context } = await suite.newPage();
    const person = await signUpThroughApi(context, { role: 'patient' });
    const [me] = await suite.site.database.db.select().from(users).where(eq(users.email, person.email.toLowerCase()));
    await notify(
      suite.site.database.db,
      Array.from({ length: 11 }, (_, i) => ({
        userId: me!.id,
        type: 'story_support' as const,
        title: `Support number ${i + 1}`,
        link: '/profile',
        eventKey: `test:${i}`,
      })),
    );

    await visit(page, '/notifications');
    await page.getByTestId('notifications-list').waitFor();
    await expect.poll(() => badge(page).innerText()).toBe('9+');
    expect(await page.getByRole('link', { name: /^Notifications, 9\+ unread/ }).count()).toBeGreaterThan(0);
    expect(await page.getByTestId('unread-count').innerText()).toBe('11 unread');
    await expectNoAxeViolations(page);

    // Opening one marks it read and goes to what it is about.
    await page.getByRole('link', { name: 'Support number 11' }).click();
    await expect.poll(() => pathOf(page)).toBe('/profile');
    await visit(page, '/notifications');
    await expect.poll(() => page.getByTestId('unread-count').innerText()).toBe('10 unread');

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => page.getByTestId('unread-count').innerText()).toBe('0 unread');
    await expect.poll(() => badge(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
  }, 60_000);

  it('shows the unread count on the phone header, on the menu button that names it, before the menu is opened', async () => {
    const { page, context } = await suite.newPage(PHONE);
    const person = await signUpThroughApi(context, { role: 'donor' });
    const [me] = await suite.site.database.db.select().from(users).where(eq(users.email, person.email.toLowerCase()));
    await notify(
      suite.site.database.db,
      [1, 2, 3].map((i) => ({
        userId: me!.id,
        type: 'story_support' as const,
        title: `Kind words ${i}`,
        link: '/profile',
        eventKey: `phone:${i}`,
      })),
    );

    await visit(page, '/');
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Open menu, 3 unread notifications' });
    await menuButton.waitFor();
    expect(await menuButton.getByTestId('unread-badge').innerText()).toBe('3');
    expect(await menuButton.getByTestId('unread-badge').isVisible()).toBe(true);
    expect(await page.locator('#mobile-menu').count()).toBe(0);
    await expectNoAxeViolations(page);

    // Read, the count leaves the button and its name.
    await page.request.post('/api/notifications/read-all', { headers: { origin: suite.site.baseURL } });
    await visit(page, '/how-it-works');
    await page.getByRole('button', { name: 'Open menu', exact: true }).waitFor();
    expect(await page.getByRole('banner').getByTestId('unread-badge').count()).toBe(0);
  }, 60_000);

  it('asks signed-out visitors to sign in', async () => {
    const { page } = await suite.newPage();
    await visit(page, '/notifications');
    await expect.poll(() => pathOf(page)).toBe('/login');
  });
});
