/**
 * A donor without an account asks for updates on the donate page (issue 16), confirms from the mail, and later
 * stops them from the link in an update mail, signed out, on a phone.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UPDATES_NEED_EMAIL } from '../../src/shared/update-messages.ts';
import { campaignFollowers } from '../../src/server/db/schema/index.ts';
import { linkSettings } from '../../src/server/commands/accounts.ts';
import { postCampaignUpdate } from '../../src/server/commands/campaign-content.ts';
import { run, SYSTEM_ACTOR } from '../../src/server/commands/run.ts';
import { browserSuite, expectNoAxeViolations, toastText, visit, waitForMailedLink } from './fixtures.ts';
import { quickAmount } from './gift-form.ts';

const suite = browserSuite();
const PHONE = { width: 390, height: 844 };

const followersAt = (address: string) =>
  suite.site.database.db.select().from(campaignFollowers).where(eq(campaignFollowers.email, address));

async function postUpdate(title: string) {
  const { app } = suite.site;
  const campaign = await app.campaigns.mainAppeal();
  await run(app.commandEnv(), SYSTEM_ACTOR, postCampaignUpdate, linkSettings(app.config), campaign.id, {
    date: '2026-11-24',
    title,
    paragraphs: ['Surgery is booked for December.'],
    notifyFollowers: true,
    expectedVersion: campaign.version,
  });
}

describe('updates by email without an account', () => {
  it('asks for the address when the box is ticked without one, and opens nothing', async () => {
    const { page, context } = await suite.newPage({ viewport: PHONE });
    await visit(page, '/donate');
    await quickAmount(page, 25).click();
    await page.getByRole('checkbox', { name: /^Email me Maya's updates/ }).check();
    let opened = false;
    context.on('page', () => (opened = true));
    await page.getByRole('button', { name: /^Venmo/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('donor-email');
    expect(await page.locator('#donor-email-error').innerText()).toBe(UPDATES_NEED_EMAIL);
    expect(opened).toBe(false);
  });

  it('confirms from the mailed link with a press, then stops from the link in an update mail', async () => {
    const { page, context } = await suite.newPage({ viewport: PHONE });
    await visit(page, '/donate');
    await quickAmount(page, 25).click();
    await page.getByLabel('Email for your thank-you and receipt').fill('nia@example.org');
    await page.getByRole('checkbox', { name: /^Email me Maya's updates/ }).check();
    const tab = context.waitForEvent('page');
    await page.getByRole('button', { name: /^Venmo/ }).click();
    await (await tab).close();
    await expect.poll(() => toastText(page)).toContain('confirm your email from the mail we sent');

    await page.goto(await waitForMailedLink(suite.site, 'nia@example.org', '/confirm-updates'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Confirm Email Updates');
    await expectNoAxeViolations(page);
    // Opening the link alone confirms nothing: a mail scanner that follows links cannot.
    expect((await followersAt('nia@example.org'))[0]?.confirmedAt).toBeNull();
    await page.getByRole('button', { name: 'Yes, email me the updates' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Updates Confirmed');
    expect(await page.getByRole('status').innerText()).toContain('You will get the campaign’s updates.');
    await expectNoAxeViolations(page);
    expect((await followersAt('nia@example.org'))[0]?.confirmedAt).toBeInstanceOf(Date);

    await postUpdate('Surgery date set');
    await page.goto(await waitForMailedLink(suite.site, 'nia@example.org', '/unsubscribe'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Stop Email Updates');
    await expectNoAxeViolations(page);
    // Opening the link alone changes nothing: a mail scanner that follows links unsubscribes no one.
    expect(await followersAt('nia@example.org')).toHaveLength(1);
    await page.getByRole('button', { name: 'Stop email updates' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Unsubscribed');
    expect(await page.getByRole('status').innerText()).toContain('You will not get these updates by email any more.');
    expect(await followersAt('nia@example.org')).toHaveLength(0);
  });
});
