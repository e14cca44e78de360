/**
 * The care planner on a phone (issue 39): a patient in New York builds a week's plan (a weekly ride and three
 * meals); a helper in London, let in by her link, takes a meal, reads her address and dietary needs, adds it to her
 * calendar, is reminded (the outbox), and gives it back before the cutoff. Times stay on the patient's clock.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { outbox } from '../../src/server/db/schema/index.ts';
import { browserSuite, expectNoAxeViolations, PHONE, signUpSettledThroughApi, toastText, visit } from './fixtures.ts';
import type { Page } from './fixtures.ts';

const suite = browserSuite();
const ZONE = 'America/New_York';
/** Her calendar day `n` days from today, and how the pages head it ("Sunday, December 6"). */
const dayFromToday = (n: number) => DateTime.now().setZone(ZONE).plus({ days: n });
const iso = (n: number) => dayFromToday(n).toISODate()!;
const heading = (n: number) => dayFromToday(n).setLocale('en-US').toFormat('cccc, LLLL d');

const MEALS = ['Soup and bread', 'Lasagne', 'Vegetable curry'];

/** Fills "Ask for help" and adds the request. */
async function askFor(
  page: Page,
  request: { kind: string; title: string; day: number; time: string; repeat?: string; until?: number },
) {
  const form = page.getByRole('region', { name: 'Ask for help' });
  await form.getByLabel('Kind of help').selectOption({ label: request.kind });
  await form.getByLabel('What you need').fill(request.title);
  await form.getByLabel('Date').fill(iso(request.day));
  if (request.repeat) {
    await form.getByLabel('Repeats', { exact: true }).selectOption({ label: request.repeat });
    await form.getByLabel('Repeats until').fill(iso(request.until!));
  }
  await form.getByLabel('From').fill(request.time);
  await form.getByRole('button', { name: 'Add to my plan' }).click();
  await expect.poll(() => toastText(page)).toContain(`${request.title} is in your plan.`);
  await expect.poll(() => form.getByLabel('What you need').inputValue()).toBe('');
}

const mailTo = (to: string, subject: string) =>
  suite.site.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), like(outbox.subject, subject)));

describe('care plan', () => {
  it('a patient builds a week with a weekly ride and three meals; a helper takes a meal, is reminded, and gives it back', async () => {
    const { page } = await suite.newPage({ ...PHONE, timezoneId: ZONE });
    await signUpSettledThroughApi(page.context(), suite.site, {
      role: 'patient',
      firstName: 'Hana',
      lastName: 'Okafor',
    });

    // She starts her plan: her zone comes from her phone; her address is for helpers with a date only.
    await visit(page, '/care-plan');
    const start = page.getByRole('region', { name: 'Start your plan' });
    await expect.poll(() => start.getByLabel('Your time zone').inputValue()).toBe(ZONE);
    await expectNoAxeViolations(page);
    await start.getByLabel('Your address').fill('12 Linden Street, Brooklyn');
    await start.getByLabel('Your phone number').fill('+1 555 0100');
    await start.getByLabel('Dietary needs').fill('Vegetarian');
    await start.getByLabel('Allergies').fill('Peanuts');
    await start.getByRole('button', { name: 'Start my care plan' }).click();
    await expect.poll(() => toastText(page)).toContain('Care plan started');

    await askFor(page, {
      kind: 'Ride',
      title: 'Ride to the clinic',
      day: 2,
      time: '09:00',
      repeat: 'Every week',
      until: 16,
    });
    for (const [i, title] of MEALS.entries()) await askFor(page, { kind: 'Meal', title, day: 2 + i, time: '18:00' });

    // At a glance: the first ride and the three meals are in the next seven days, all open; the later rides wait.
    const glance = page.getByRole('region', { name: 'The next 7 days' });
    await expect.poll(() => glance.getByTestId('care-glance').textContent()).toBe('0 covered4 open');
    await glance.getByRole('heading', { name: heading(2) }).waitFor();
    await expect.poll(() => glance.locator('[data-testid="plan-slot"]:visible').count()).toBe(4);
    await glance.getByText('Later dates (2)').waitFor();
    await expectNoAxeViolations(page);

    // A phone number typed in the settings and not saved yet survives the meals switch, which saves the plan; the
    // switch works from the keyboard and keeps the focus.
    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByLabel('Your phone number').fill('+1 555 0199');
    const meals = glance.getByRole('switch', { name: 'No meals this week' });
    await meals.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toastText(page)).toContain('Nobody can claim a meal this week.');
    await expect.poll(() => glance.getByTestId('care-glance').textContent()).toBe('0 covered1 open');
    expect(await meals.getAttribute('aria-checked')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('switch');
    expect(await settings.getByLabel('Your phone number').inputValue()).toBe('+1 555 0199');
    await page.keyboard.press('Space');
    await expect.poll(() => glance.getByTestId('care-glance').textContent()).toBe('0 covered4 open');
    await settings.getByLabel('Your phone number').fill('+1 555 0100');

    const link = (await page.getByTestId('share-link').innerText()).trim();

    // She mails her link to a friend (her email is confirmed); the mail carries the link, not her address.
    const share = page.getByRole('region', { name: 'Your link' });
    await share.getByLabel('Or we mail it to someone for you').fill('maya@example.org');
    await share.getByRole('button', { name: 'Send my link' }).click();
    await expect.poll(() => toastText(page)).toContain('Your link is on its way to maya@example.org.');
    const [invitation] = await mailTo('maya@example.org', 'Hana O. asks for your help after her surgery');
    expect(invitation!.text).toContain(link);
    expect(invitation!.text).not.toContain('Linden Street');

    // A helper in London opens the link, signed in, and joins her circle.
    const helper = await suite.newPage({ ...PHONE, timezoneId: 'Europe/London' });
    const maya = await signUpSettledThroughApi(helper.context, suite.site, {
      role: 'donor',
      firstName: 'Maya',
      lastName: 'Lind',
    });
    await visit(helper.page, new URL(link).pathname);
    await helper.page.getByRole('button', { name: 'Join her circle and choose a date' }).click();
    await helper.page.waitForURL(/\/care\/[0-9a-f-]{36}$/);
    await helper.page.getByRole('heading', { level: 1, name: 'Help Hana O.' }).waitFor();
    await helper.page.getByText(`Times are on Hana O.’s clock (America/New York).`).waitFor();
    await expect.poll(() => helper.page.getByTestId('care-address').count()).toBe(0);
    await expectNoAxeViolations(helper.page);

    // She takes the lasagne: her address and what to cook around show, and the date is hers.
    await helper.page.getByRole('button', { name: `I’ll help: Lasagne, ${heading(3)}, 6:00 PM` }).click();
    await expect.poll(() => toastText(helper.page)).toContain('It is yours');
    await expect.poll(() => helper.page.getByTestId('care-address').innerText()).toBe('12 Linden Street, Brooklyn');
    await expect
      .poll(() => helper.page.getByRole('region', { name: 'For your visit' }).innerText())
      .toContain('Peanuts');
    await expectNoAxeViolations(helper.page);

    // Her calendar: the link gives the date at 18:00 in New York (23:00 UTC in December).
    const calendarLink = helper.page.getByRole('link', { name: 'Add to my calendar' });
    const feed = await helper.context.request.get((await calendarLink.getAttribute('href'))!);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const feedText = await feed.text();
    expect(feedText).toContain('SUMMARY:Meal for Hana O.: Lasagne');
    expect(feedText).toContain(`DTSTART:${dayFromToday(3).toFormat('yyyyLLdd')}T230000Z`);
    const [claimed] = await mailTo(maya.email, 'You are helping Hana O.: Lasagne');
    expect(claimed!.attachments![0]!.filename).toBe('care.ics');

    // The patient sees who comes.
    await visit(page, '/care-plan');
    await expect.poll(() => glance.getByTestId('care-glance').textContent()).toBe('1 covered3 open');
    await expect
      .poll(() => glance.getByTestId('plan-slot').filter({ hasText: 'Lasagne' }).innerText())
      .toContain('Maya L.');

    // The reminders come from the queue when their time comes (here: at once).
    await suite.site.app.jobs.drain(['mail'], { everything: true });
    const reminders = (await mailTo(maya.email, 'Reminder:%')).map((m) => m.subject).sort();
    expect(reminders).toEqual([
      'Reminder: Lasagne for Hana O., in two hours',
      'Reminder: Lasagne for Hana O., tomorrow',
    ]);

    // More than a day before, she can still give it back: the place opens and her address is gone.
    await helper.page.getByRole('button', { name: `Give it back: Lasagne, ${heading(3)}, 6:00 PM` }).click();
    await expect.poll(() => toastText(helper.page)).toContain('The date is open for someone else.');
    await helper.page.getByRole('button', { name: `I’ll help: Lasagne, ${heading(3)}, 6:00 PM` }).waitFor();
    await expect.poll(() => helper.page.getByTestId('care-address').count()).toBe(0);
  });

  it('shows a plan not shared with her as not found, and the page to a patient only', async () => {
    const { page, context } = await suite.newPage(PHONE);
    await signUpSettledThroughApi(context, suite.site, { role: 'donor' });
    await visit(page, '/care/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'Care plan not found' }).waitFor();
    await visit(page, '/care-plan');
    await page.getByRole('heading', { level: 1, name: 'Care plans are for patients' }).waitFor();
    await expectNoAxeViolations(page);
  });
});
