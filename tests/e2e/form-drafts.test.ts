/**
 * Long forms keep what she is writing (issue 34): on a phone, Back then Forward, a reload or a link away and back
 * bring the text back into the story editor, the fundraiser application, a live fundraiser's update and an
 * expense; a link away asks first; saving or sending forgets the kept copy.
 */
import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from '../setup/accounts.ts';
import {
  browserSuite,
  expectNoAxeViolations,
  liveFundraisersOnSite,
  PHONE,
  signUpSettledThroughApi,
  toastText,
  visit,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();
const SHOTS = process.env.SCREENSHOT_DIR;
const pathOf = (page: Page) => new URL(page.url()).pathname;

const TITLE = 'The year I stopped apologising for pain';
const BODY =
  'I wrote this on the bus, one sentence at a time, because it took me eleven years to be believed about my pain.';

/** Answers every dialog the page opens as `answer` says, and records what each one was. */
function dialogs(page: Page) {
  const seen: { type: string; message: string }[] = [];
  const policy = { accept: true };
  page.on('dialog', (dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    void (policy.accept ? dialog.accept() : dialog.dismiss());
  });
  return { seen, policy };
}

/** Opens a page of the site from the phone menu, as she would (an in-app navigation). */
async function openFromMenu(page: Page, label: string) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: label }).click();
}

describe('form drafts', () => {
  it('a story being written on a phone comes back after Back and Forward and a reload, and a link away asks first', async () => {
    const { page, context } = await suite.newPage(PHONE);
    await signUpSettledThroughApi(context, suite.site, { role: 'patient' });
    const asked = dialogs(page);

    await visit(page, '/my-stories');
    await page.getByRole('link', { name: 'Write a story' }).click();
    await expect.poll(() => pathOf(page)).toBe('/my-stories/new');
    const title = page.getByRole('textbox', { name: 'Title' });
    const body = page.getByRole('textbox', { name: 'Your story' });
    await title.fill(TITLE);
    await body.fill(BODY);

    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/my-stories');
    await page.goForward();
    await expect.poll(() => pathOf(page)).toBe('/my-stories/new');
    await expect.poll(() => title.inputValue()).toBe(TITLE);
    expect(await body.inputValue()).toBe(BODY);
    await page.getByRole('status').filter({ hasText: 'We kept what you were writing here on this device' }).waitFor();
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/story-draft-restored.png` });

    // A reload asks first (the browser's own question), then brings the text back too.
    await page.reload();
    expect(asked.seen.map((d) => d.type)).toEqual(['beforeunload']);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect.poll(() => title.inputValue()).toBe(TITLE);
    expect(await body.inputValue()).toBe(BODY);

    // A link away asks; staying keeps her on the form with her text.
    asked.policy.accept = false;
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect.poll(() => asked.seen.filter((d) => d.type === 'confirm').length).toBe(1);
    expect(asked.seen.find((d) => d.type === 'confirm')?.message).toMatch(
      /^Leave this page\? What you wrote is not saved/,
    );
    expect(pathOf(page)).toBe('/my-stories/new');
    expect(await title.inputValue()).toBe(TITLE);

    // Sent for review, the kept copy is forgotten: a new story starts blank, and leaving asks nothing.
    asked.policy.accept = true;
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => toastText(page)).toContain('Submitted for review');
    await expect.poll(() => pathOf(page)).toBe('/my-stories');
    await page.getByRole('link', { name: 'Write a story' }).click();
    await expect.poll(() => pathOf(page)).toBe('/my-stories/new');
    await title.waitFor();
    expect(await title.inputValue()).toBe('');
    expect(await page.getByText('We kept what you were writing').count()).toBe(0);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect.poll(() => pathOf(page)).toBe('/my-stories');
    expect(asked.seen.filter((d) => d.type === 'confirm')).toHaveLength(1);
  }, 90_000);

  it('signing out on a phone forgets the story she was writing, so the next person on the phone cannot read it', async () => {
    const { page, context } = await suite.newPage(PHONE);
    await signUpSettledThroughApi(context, suite.site, { role: 'patient' });
    dialogs(page);
    const keptDrafts = () =>
      page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('hc-draft:')));

    await visit(page, '/my-stories/new');
    await page.getByRole('textbox', { name: 'Your story' }).fill(BODY);
    await expect.poll(keptDrafts).toHaveLength(1);
    // Leaving the form to sign out asks first (the dialog is accepted): the draft is kept until the sign-out.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(true);
    expect(await keptDrafts()).toEqual([]);
  }, 60_000);

  it('the fundraiser application on a phone comes back after Back and Forward, and Discard starts it over', async () => {
    const { page, context } = await suite.newPage(PHONE);
    await signUpSettledThroughApi(context, suite.site, { role: 'patient' });
    dialogs(page);
    await visit(page, '/my-stories');
    await openFromMenu(page, 'My Fundraiser');
    await expect.poll(() => pathOf(page)).toBe('/my-fundraiser');
    await page.getByLabel('Title').fill('Surgery for my endometriosis');
    await page.getByLabel('Your story').fill(BODY);
    await page.getByLabel('Surgery (surgeon, anaesthesia, hospital)').fill('9000');

    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/my-stories');
    await page.goForward();
    await expect.poll(() => pathOf(page)).toBe('/my-fundraiser');
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Surgery for my endometriosis');
    expect(await page.getByLabel('Your story').inputValue()).toBe(BODY);
    expect(await page.getByLabel('Surgery (surgeon, anaesthesia, hospital)').inputValue()).toBe('9000');
    await page.getByText('Goal: $9,000.00').waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Discard it' }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('');
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByLabel('Title').waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('');
  }, 90_000);

  it('a live fundraiser’s update and an expense on a phone come back after Back and Forward', async () => {
    const [live] = await liveFundraisersOnSite(suite.site, 'Excision surgery for Rosa');
    const { page, context } = await suite.newPage(PHONE);
    const login = await context.request.post('/api/auth/login', {
      data: { email: live!.owner.email, password: STRONG_PASSWORD },
    });
    expect(login.status()).toBe(200);
    dialogs(page);

    await visit(page, '/my-stories');
    await openFromMenu(page, 'My Fundraiser');
    await page.getByText('Status: Live.').waitFor();
    await page.getByLabel('Update title').fill('The surgery date is set');
    await page.getByLabel('What is new').fill('The clinic set the date for March.');
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/my-stories');
    await page.goForward();
    await expect.poll(() => page.getByLabel('Update title').inputValue()).toBe('The surgery date is set');
    expect(await page.getByLabel('What is new').inputValue()).toBe('The clinic set the date for March.');
    await page.getByRole('button', { name: 'Post update' }).click();
    await expect.poll(() => toastText(page)).toContain('Update posted');
    await expect.poll(() => page.getByLabel('Update title').inputValue()).toBe('');

    await visit(page, `/my-expenses?campaign=${live!.slug}`);
    await page.getByRole('link', { name: 'Submit an expense' }).click();
    await expect.poll(() => pathOf(page)).toBe('/my-expenses/new');
    await page.getByLabel('Payee', { exact: true }).fill('Riverside Surgical Center');
    await page.getByLabel('Amount', { exact: true }).fill('1200');
    await page.getByLabel('What it paid for').fill('Deposit for the operating room');
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/my-expenses');
    await page.goForward();
    await expect.poll(() => page.getByLabel('Payee', { exact: true }).inputValue()).toBe('Riverside Surgical Center');
    expect(await page.getByLabel('Amount', { exact: true }).inputValue()).toBe('1200');
    expect(await page.getByLabel('What it paid for').inputValue()).toBe('Deposit for the operating room');
    await expectNoAxeViolations(page);
  }, 90_000);
});
