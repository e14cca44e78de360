/**
 * A super admin keeps the campaign current without a deploy: edits the headline on /admin-campaign, is stopped
 * by the form when a field is empty, previews the story page with the draft, publishes, and a fresh load of
 * `/` (served HTML, no rebuild) shows the new headline; restoring version 1 brings the old one back. A dated
 * update posted with "tell the followers" reaches a follower (who followed from the story page) in their
 * notifications. Managers get the no-access view. Axe on the editor, the preview and the story page.
 */
import { describe, expect, it } from 'vitest';
import {
  browserSuite,
  expectNoAccessView,
  expectNoAxeViolations,
  signInAsAdmin,
  signUpThroughApi,
  toastText,
  visit,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();

const ORIGINAL = /^Help Maya get the specialist surgery/;
const NEW_HEADLINE = 'Maya’s surgery is booked: help us cover the last stretch';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The served HTML of `/` (what a visitor, a search engine or a link preview gets before any script runs). */
async function servedHeadline(page: Page): Promise<string> {
  const res = await page.request.get('/');
  expect(res.status()).toBe(200);
  const html = await res.text();
  return /<h1 id="headline"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '';
}

describe('the campaign editor', () => {
  it('edits, previews and publishes the headline, which / shows at once; restoring version 1 brings the old one back', async () => {
    const admin = await suite.newPage();
    await signInAsAdmin(admin.context, suite.site, 'super_admin');
    const { page } = admin;

    await visit(page, '/admin-dashboard');
    await page.getByRole('link', { name: 'Campaign Editor', exact: true }).click();
    await h1(page).filter({ hasText: 'Campaign Editor' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin-campaign');
    expect(await page.getByTestId('campaign-version').innerText()).toMatch(/^Published version 1,/);
    await expectNoAxeViolations(page);

    const headline = page.getByRole('textbox', { name: 'Headline' });
    expect(await headline.inputValue()).toMatch(ORIGINAL);

    // An empty required field is caught here, beside the field, before anything is sent.
    await headline.fill('   ');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('Some fields need attention').waitFor();
    await expect.poll(() => headline.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await headline.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Fill this in').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    // The preview is the story page with the draft.
    await headline.fill(NEW_HEADLINE);
    await page.getByRole('button', { name: 'Preview' }).click();
    // The keyboard starts on the preview's heading, and goes back to the Preview button after.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Preview of your changes');
    await page.getByRole('button', { name: 'Back to editing' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Preview');
    await page.keyboard.press('Enter');
    const preview = page.getByTestId('campaign-preview');
    await preview.locator('#headline').filter({ hasText: NEW_HEADLINE }).waitFor();
    // The story's part loads its code as it renders (belowFold), a moment after the headline.
    await expect.poll(() => preview.getByText("Maya's Journey").count()).toBe(1);
    await expectNoAxeViolations(page);
    // Nothing is published by a preview.
    expect(await servedHeadline(page)).toMatch(ORIGINAL);

    await page.getByRole('region', { name: 'Preview' }).getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => toastText(page)).toContain('Version 2 published');
    await expect.poll(() => page.getByTestId('campaign-version').innerText()).toMatch(/^Published version 2,/);

    // A visitor loading / afresh gets the new headline, in the served HTML and on the page.
    expect(await servedHeadline(page)).toBe(NEW_HEADLINE);
    const visitor = await suite.newPage();
    await visit(visitor.page, '/');
    expect(await h1(visitor.page).innerText()).toBe(NEW_HEADLINE);

    // Restore version 1: a new version with the old content.
    const versions = page.getByTestId('versions-table');
    await versions.getByRole('row', { name: /^2/ }).waitFor();
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await expect.poll(() => toastText(page)).toContain('Version 1 restored');
    await expect.poll(() => page.getByTestId('campaign-version').innerText()).toMatch(/^Published version 3,/);
    await expect.poll(async () => headline.inputValue()).toMatch(ORIGINAL);
    expect(await versions.getByRole('row').filter({ hasText: 'Restored version 1' }).count()).toBe(1);
    expect(await servedHeadline(page)).toMatch(ORIGINAL);
    await visit(visitor.page, '/');
    expect(await h1(visitor.page).innerText()).toMatch(ORIGINAL);
    await expectNoAxeViolations(page);
  });

  it('posts a dated update that shows first on / and reaches a follower', async () => {
    // Signed out, the story page offers to sign in; signed in, a toggle.
    const follower = await suite.newPage();
    await visit(follower.page, '/');
    expect(await follower.page.getByRole('link', { name: 'Sign in to follow updates' }).getAttribute('href')).toBe(
      '/login?returnTo=%2F',
    );
    await signUpThroughApi(follower.context, { role: 'donor', firstName: 'Flo' });
    await visit(follower.page, '/');
    // The toggle shows once its part of the page is hydrated: when the reader scrolls to it.
    await follower.page.getByText('Hear about each new update').scrollIntoViewIfNeeded();
    const follow = follower.page.getByRole('button', { name: 'Follow updates' });
    await expect.poll(() => follow.isEnabled()).toBe(true);
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    await expectNoAxeViolations(follower.page);

    const admin = await suite.newPage();
    await signInAsAdmin(admin.context, suite.site, 'super_admin');
    const { page } = admin;
    await visit(page, '/admin-campaign');
    const form = page.getByRole('region', { name: 'Post an update' });
    await form.getByRole('textbox', { name: 'Title of the update' }).fill('Surgery went well');
    await form
      .getByRole('textbox', { name: 'Text of the update' })
      .fill('Maya is home and resting.\n\nThank you, everyone.');
    expect(await form.getByRole('checkbox', { name: /Tell the followers/ }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Post the update' }).click();
    await expect.poll(() => toastText(page)).toContain('1 followers were told');

    await visit(follower.page, '/');
    const journey = follower.page.getByRole('region', { name: "Maya's Journey" });
    await journey.getByRole('heading', { level: 3, name: 'Surgery went well' }).waitFor();
    expect(await journey.getByRole('article').first().innerText()).toContain('Surgery went well');
    await visit(follower.page, '/notifications');
    await follower.page.getByRole('link', { name: /Surgery went well/ }).waitFor();
  });

  it('shows managers the no-access view', async () => {
    const { page, context } = await suite.newPage();
    await signInAsAdmin(context, suite.site, 'manager');
    await expectNoAccessView(page, '/admin-campaign', /Campaign Editor/);
  });
});
