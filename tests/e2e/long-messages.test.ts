/**
 * A long message is counted, never cut (issue 34): on a phone, a visitor's contact message and a fundraiser owner's
 * thank-you show a live count under the box; a paste past the limit is kept whole, the count says by how much, and
 * sending it gives the schema's message beside the box and sends nothing until she shortens it.
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { contactMessages, outbox } from '../../src/server/db/schema/index.ts';
import { backgroundMailSent } from '../../src/server/commands/run.ts';
import { buildDonation } from '../factories/donations.ts';
import { STRONG_PASSWORD } from '../setup/accounts.ts';
import {
  browserSuite,
  expectNoAxeViolations,
  liveFundraisersOnSite,
  PHONE,
  toastText,
  visit,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();
const db = () => suite.site.database.db;

/** Text of `length` characters, in words. */
const words = (length: number) =>
  'I want to tell you how much this meant to me. '.repeat(Math.ceil(length / 46)).slice(0, length);

/** The texts a box is described by: its count and its error, each found by its id. */
async function describedBy(page: Page, box: Locator) {
  const id = await box.getAttribute('id');
  const ids = ((await box.getAttribute('aria-describedby')) ?? '').split(' ');
  const text = (suffix: string) =>
    ids.includes(`${id}${suffix}`) ? page.locator(`[id="${id}${suffix}"]`).innerText() : Promise.resolve('');
  return { count: await text('-count'), error: await text('-error') };
}

const fitsThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= 390);

describe('long messages on a phone', () => {
  it('contact: a 5,032-character message is kept whole, counted 32 over, refused with the schema message, then sent', async () => {
    const { page } = await suite.newPage(PHONE);
    await visit(page, '/contact');
    await page.getByRole('textbox', { name: 'Full name' }).fill('Vera Visitor');
    await page.getByRole('textbox', { name: 'Email' }).fill('vera.long@example.com');
    await page.getByRole('textbox', { name: 'Subject' }).fill('A long letter');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello');
    await expect.poll(async () => (await describedBy(page, box)).count).toBe('5 of 5,000 characters');

    const long = words(5_032);
    await box.fill(long);
    expect(await box.inputValue()).toBe(long);
    await expect
      .poll(async () => (await describedBy(page, box)).count)
      .toBe('5,032 of 5,000 characters: 32 too many, shorten it to send it');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(async () => (await describedBy(page, box)).error).toBe('Message must be at most 5000 characters');
    expect(await fitsThePhone(page)).toBe(true);
    await expectNoAxeViolations(page);
    expect(await db().select().from(contactMessages).where(eq(contactMessages.email, 'vera.long@example.com'))).toEqual(
      [],
    );

    await box.fill(long.slice(0, 5_000));
    expect(await describedBy(page, box)).toEqual({ count: '5,000 of 5,000 characters', error: '' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => toastText(page), { timeout: 30_000 }).toContain('Message Sent');
    const [stored] = await db()
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'vera.long@example.com'));
    expect(stored!.message).toBe(long.slice(0, 5_000).trim());
    // The form is emptied, and so is its count.
    expect(await describedBy(page, box)).toEqual({ count: '0 of 5,000 characters', error: '' });
  }, 90_000);

  it('thank-you: a 1,040-character thank-you is kept whole, counted 40 over, and refused with the schema message', async () => {
    const [live] = await liveFundraisersOnSite(suite.site, 'Excision surgery for Rosa');
    const donor = `dana.${Date.now()}@example.org`;
    await buildDonation(db(), {
      campaignId: live!.campaignId,
      amountCents: 5_000,
      donorEmail: donor,
      donorName: 'Dana',
    });

    const { page, context } = await suite.newPage(PHONE);
    const signedIn = await context.request.post('/api/auth/login', {
      data: { email: live!.owner.email, password: STRONG_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    await visit(page, '/my-fundraiser');
    const section = page.getByRole('region', { name: 'Gifts and thanks' });
    const box = section.getByRole('textbox', { name: 'Your thank-you' });
    await box.fill('Thank you.');
    await expect.poll(async () => (await describedBy(page, box)).count).toBe('10 of 1,000 characters');

    const long = words(1_040);
    await box.fill(long);
    expect(await box.inputValue()).toBe(long);
    await expect
      .poll(async () => (await describedBy(page, box)).count)
      .toBe('1,040 of 1,000 characters: 40 too many, shorten it to send it');
    await section.getByRole('button', { name: 'Send thank-you' }).click();
    await expect
      .poll(async () => (await describedBy(page, box)).error)
      .toBe('Keep your thank-you under 1,000 characters');
    expect(await fitsThePhone(page)).toBe(true);
    await expectNoAxeViolations(page);
    await backgroundMailSent();
    expect(
      await db()
        .select()
        .from(outbox)
        .where(inArray(outbox.to, [donor])),
    ).toEqual([]);
  }, 120_000);
});
