/**
 * The owner of a live fundraiser on a phone (issue 18): posts a dated update (a reader who followed it from its page
 * is told), edits her story, proposes a new goal
 * (her page keeps the approved one while it waits), then closes the fundraiser from the keyboard; its public page
 * stays readable with the update, marked closed, without a Donate link.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaigns, fundraiserRevisions, fundraisers, notifications } from '../../src/server/db/schema/index.ts';
import { buildLiveFundraiser } from '../factories/public-fundraisers.ts';
import { adminLogin, buildAdmin } from '../factories/users.ts';
import { sessionCookie, STRONG_PASSWORD } from '../setup/accounts.ts';
import {
  browserSuite,
  expectNoAxeViolations,
  liveFundraisersOnSite,
  PHONE,
  signUpSettledThroughApi,
  toastText,
  visit,
} from './fixtures.ts';

const suite = browserSuite();
const SHOTS = process.env.SCREENSHOT_DIR;

describe('a live fundraiser in its owner’s hands', () => {
  it('posts an update, edits the story, proposes a new goal, and closes it', async () => {
    const { app, database, baseURL } = suite.site;
    const db = database.db;
    const manager = await buildAdmin(db, 'manager');
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: adminLogin(manager),
      headers: { origin: baseURL },
    });
    const live = await buildLiveFundraiser(app, db, sessionCookie(signedIn), {
      origin: baseURL,
      title: 'Excision surgery for Paula',
    });

    const { page, context } = await suite.newPage(PHONE);
    const login = await context.request.post('/api/auth/login', {
      data: { email: live.owner.email, password: STRONG_PASSWORD },
    });
    expect(login.status()).toBe(200);
    await visit(page, '/my-fundraiser');
    await page.getByText('Status: Live.').waitFor();
    await expectNoAxeViolations(page);

    // A reader follows it from its page (the Updates section is below the first screen on a phone).
    const reader = await suite.newPage(PHONE);
    const follower = await signUpSettledThroughApi(reader.context, suite.site, { role: 'donor' });
    await visit(reader.page, `/fundraisers/${live.slug}`);
    await reader.page.getByText('Paula P. has not posted an update yet.').scrollIntoViewIfNeeded();
    const followButton = reader.page.getByRole('button', { name: 'Follow updates' });
    await followButton.click();
    await expect.poll(() => followButton.getAttribute('aria-pressed')).toBe('true');
    await expectNoAxeViolations(reader.page);

    // A dated update.
    await page.getByLabel('Update title').fill('The surgery date is set');
    await page.getByLabel('What is new').fill('The clinic has set the date for March.\n\nThank you for every gift.');
    await page.getByRole('button', { name: 'Post update' }).click();
    await expect.poll(() => toastText(page)).toContain('Update posted');
    await page.getByRole('list').getByText('The surgery date is set').waitFor();
    const [told] = await db.select().from(notifications).where(eq(notifications.userId, follower.id));
    expect(told).toMatchObject({
      title: 'Excision surgery for Paula: The surgery date is set',
      link: `/fundraisers/${live.slug}`,
    });

    // The story, public at once, the old text kept.
    await page.getByText('Version 1', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Edit the story' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Excision surgery for Paula, in March');
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expect.poll(() => toastText(page)).toContain('Story saved');
    await page.getByText('Earlier versions (1)').waitFor();

    // A new goal waits for review; the page keeps the approved figures.
    await page.getByRole('button', { name: 'Propose a money change' }).click();
    await page.getByLabel('Surgery (surgeon, anaesthesia, hospital)').fill('12000');
    await page.getByText('Goal: $12,450.50').waitFor();
    await page.getByRole('button', { name: 'Send for review' }).click();
    await expect.poll(() => toastText(page)).toContain('Sent for review');
    await page.getByText('Waiting for review:').waitFor();
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/my-fundraiser-live.png`, fullPage: true });
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, live.campaignId));
    expect(campaign!.goalCents).toBe(945_050);
    const [pending] = await db
      .select()
      .from(fundraiserRevisions)
      .where(eq(fundraiserRevisions.fundraiserId, live.fundraiser.id));
    expect(pending).toMatchObject({ status: 'pending', goalCents: 1_245_050 });

    // Closed from the keyboard, asked twice.
    await page.getByRole('button', { name: 'Close the fundraiser…' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Close it for good');
    await page.keyboard.press('Enter');
    await expect.poll(() => toastText(page)).toContain('Fundraiser closed');
    await page.getByText('Status: Closed.').waitFor();
    const [closed] = await db.select().from(fundraisers).where(eq(fundraisers.id, live.fundraiser.id));
    expect(closed!.status).toBe('closed');

    // Its public page: readable, closed, the update shown, no way to give.
    const response = await visit(page, `/fundraisers/${live.slug}`);
    expect(await response!.text()).toContain('The surgery date is set');
    await page.getByRole('heading', { level: 1, name: 'Excision surgery for Paula, in March' }).waitFor();
    await page.getByText('Closed: this fundraiser takes no new gifts').waitFor();
    await page.getByRole('heading', { name: 'Updates' }).waitFor();
    await page.getByText('Thank you for every gift.').waitFor();
    expect(await page.getByRole('link', { name: 'Donate' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/fundraiser-closed.png`, fullPage: true });
  }, 180_000);

  it('posts an update under a content note: readers see the note first and open the text themselves', async () => {
    const [live] = await liveFundraisersOnSite(suite.site, 'Surgery for endometriosis');
    const { page, context } = await suite.newPage(PHONE);
    await context.request.post('/api/auth/login', { data: { email: live!.owner.email, password: STRONG_PASSWORD } });
    await visit(page, '/my-fundraiser');
    await page.getByLabel('Update title').fill('A hard week');
    await page.getByLabel('What is new').fill('We lost the pregnancy this week, so the surgery moves to May.');
    await page.getByRole('group', { name: 'Content notes' }).getByLabel('Pregnancy loss').check();
    await page.getByRole('button', { name: 'Post update' }).click();
    await expect.poll(() => toastText(page)).toContain('Update posted');

    const reader = await suite.newPage(PHONE);
    await visit(reader.page, `/fundraisers/${live!.slug}`);
    const text = reader.page.getByText('We lost the pregnancy this week');
    await reader.page.getByText('Content note: Pregnancy loss').scrollIntoViewIfNeeded();
    expect(await text.isVisible()).toBe(false);
    await expectNoAxeViolations(reader.page);
    await reader.page.getByText('Show update').click();
    await text.waitFor();
    await expectNoAxeViolations(reader.page);
    if (SHOTS) await reader.page.screenshot({ path: `${SHOTS}/fundraiser-update-note.png`, fullPage: true });
  }, 120_000);
});
