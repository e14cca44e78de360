/**
 * A patient writes, saves, submits and withdraws her fundraiser application at /my-fundraiser (issue 18); once it is
 * live she reads its figures and gifts and thanks her donors (issue 34).
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { fundraisers, outbox, users } from '../../src/server/db/schema/index.ts';
import { backgroundMailSent } from '../../src/server/commands/run.ts';
import { buildDonation } from '../factories/donations.ts';
import { PNG_7X5 } from '../factories/images.ts';
import { PDF } from '../factories/spending.ts';
import { STRONG_PASSWORD } from '../setup/accounts.ts';
import {
  browserSuite,
  expectNoAxeViolations,
  liveFundraisersOnSite,
  PHONE,
  signUpSettledThroughApi,
  signUpThroughApi,
  toastText,
  visit,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();
const SHOTS = process.env.SCREENSHOT_DIR;
const db = () => suite.site.database.db;

const STORY =
  'Nine years of pain before a diagnosis. A surgeon can now remove the endometriosis in one operation, and this fund pays for it.';

describe('my fundraiser', () => {
  it('tells a patient whose email is not confirmed to confirm it before she applies', async () => {
    const { page, context } = await suite.newPage({ viewport: { width: 390, height: 844 } });
    const person = await signUpThroughApi(context, { role: 'patient' });
    await db().update(users).set({ onboardingCompletedAt: new Date() }).where(eq(users.email, person.email));
    await visit(page, '/my-fundraiser');
    await page.getByRole('heading', { name: 'Confirm your email address' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit for review' }).count()).toBe(0);
    await expectNoAxeViolations(page);
  }, 60_000);

  it('a patient on a phone saves a draft, is told what is missing, submits with her plan attached, then withdraws it', async () => {
    const { page, context } = await suite.newPage({ viewport: { width: 390, height: 844 } });
    const patient = await signUpSettledThroughApi(context, suite.site, { role: 'patient' });
    await visit(page, '/my-fundraiser');
    await page.getByRole('heading', { level: 1, name: 'My Fundraiser' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel('Title').fill('Surgery for my endometriosis');
    await page.getByLabel('Surgery (surgeon, anaesthesia, hospital)').fill('9000');
    await page.getByLabel('Travel and lodging').fill('450.50');
    await page.getByText('Goal: $9,450.50').waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => toastText(page)).toContain('Draft saved');
    const [draft] = await db().select().from(fundraisers).where(eq(fundraisers.ownerId, patient.id));
    expect(draft).toMatchObject({ status: 'draft', title: 'Surgery for my endometriosis', goalCents: 945_050 });

    await page.getByRole('button', { name: 'Submit for review' }).click();
    // Each missing part is named beside its field.
    const form = page.locator('form');
    await form.getByText('Tell your story in at least 50 characters').waitFor();
    await form.getByText('Attach your treatment plan or a quote (a PDF or an image)').waitFor();
    await form.getByText('Name who receives the money').waitFor();
    await form.getByText('Say whether the money goes to the care provider or to you').waitFor();
    await form.getByText('Say how the money reaches the care provider (at least 20 characters)').waitFor();
    await expectNoAxeViolations(page);

    await page.getByLabel('Your story').fill(STORY);
    await page.getByLabel('Name of the care provider or payee').fill('Riverside Women’s Clinic');
    await page.getByRole('radio', { name: /^The care provider/ }).check();
    await page
      .getByLabel('How the money reaches the care provider')
      .fill('The clinic invoices the organisation, which pays it by bank transfer.');
    await page.getByLabel('Add an image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_7X5 });
    await page.getByLabel('Describe the image for people who cannot see it').fill('Me before the operation');
    await page
      .getByLabel('Add documents')
      .setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText(/^Uploaded \(PDF/).waitFor();
    expect(await form.getByText('Attach your treatment plan or a quote (a PDF or an image)').count()).toBe(0);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => toastText(page)).toContain('Submitted for review');
    await page.getByText('Status: Waiting for review.').waitFor();
    await page.getByRole('table').getByText('$9,450.50').waitFor();
    const [submitted] = await db().select().from(fundraisers).where(eq(fundraisers.ownerId, patient.id));
    expect(submitted).toMatchObject({ status: 'in_review', story: STORY });
    expect(submitted!.images).toEqual([{ uploadId: expect.any(String), alt: 'Me before the operation' }]);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Withdraw application…' }).click();
    await page.getByRole('button', { name: 'Withdraw and delete' }).click();
    await expect.poll(() => toastText(page)).toContain('Application withdrawn');
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('');
    expect(await db().select().from(fundraisers).where(eq(fundraisers.ownerId, patient.id))).toEqual([]);
  }, 120_000);

  it('an empty submit on a phone names every missing field at once, each beside its input, sending nothing', async () => {
    const { page, context } = await suite.newPage(PHONE);
    await signUpSettledThroughApi(context, suite.site, { role: 'patient' });
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.method() !== 'GET' && new URL(req.url()).pathname.startsWith('/api/my-fundraiser')) sent.push(req.url());
    });
    await visit(page, '/my-fundraiser');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    const expected: [string, string][] = [
      ['Title', 'Give your fundraiser a title'],
      ['Your story', 'Tell your story in at least 50 characters'],
      ['Name of the care provider or payee', 'Name who receives the money'],
      [
        'How the money reaches the care provider',
        'Say how the money reaches the care provider (at least 20 characters)',
      ],
      ['Add documents', 'Attach your treatment plan or a quote (a PDF or an image)'],
    ];
    for (const [label, message] of expected) {
      await expect.poll(() => fieldError(page, label)).toBe(message);
      expect(await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    }
    // The radios' group and the cost groups' fieldset say theirs too.
    expect(await groupError(page, 'Who is paid')).toBe('Say whether the money goes to the care provider or to you');
    expect(await groupError(page, 'What the money pays for')).toBe(
      'Plan at least one cost group with an amount above 0',
    );
    // The first missing field has the focus, and nothing was sent.
    expect(await page.getByLabel('Title', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(sent).toEqual([]);
    await expectNoAxeViolations(page);
  }, 60_000);

  it('counts only valid amounts in the goal and says beside each invalid one what is wrong, as she types', async () => {
    const { page, context } = await suite.newPage(PHONE);
    await signUpSettledThroughApi(context, suite.site, { role: 'patient' });
    await visit(page, '/my-fundraiser');
    await page.getByLabel('Surgery (surgeon, anaesthesia, hospital)').fill('1000000000');
    await page.getByLabel('Travel and lodging').fill('-500');
    await page.getByLabel('Before surgery (tests, consultations, imaging)').fill('1200');
    await page.getByText('Goal: $1,200.00').waitFor();
    await page.getByText('The amounts marked above are not counted until they are fixed.').waitFor();
    expect(await fieldError(page, 'Surgery (surgeon, anaesthesia, hospital)')).toBe(
      'Amounts must be at most $1,000,000',
    );
    expect(await fieldError(page, 'Travel and lodging')).toBe('Amounts cannot be negative');
    expect(await page.getByText('$999,999').count()).toBe(0);
    await expectNoAxeViolations(page);
    if (SHOTS)
      await page
        .locator('fieldset')
        .filter({ hasText: 'What the money pays for' })
        .first()
        .screenshot({ path: `${SHOTS}/fundraiser-goal-invalid.png` });

    await page.getByLabel('Surgery (surgeon, anaesthesia, hospital)').fill('9000');
    await page.getByLabel('Travel and lodging').fill('450.50');
    await page.getByText('Goal: $10,650.50').waitFor();
    expect(await page.getByText('The amounts marked above are not counted').count()).toBe(0);
    expect(await fieldError(page, 'Travel and lodging')).toBe('');
  }, 60_000);
  it('the owner of a live fundraiser on a phone reads its figures and gifts, and thanks the donors who left an address', async () => {
    const [live] = await liveFundraisersOnSite(suite.site, 'Excision surgery for Paula');
    const ana = `ana.${Date.now()}@example.org`;
    const bo = `bo.${Date.now()}@example.org`;
    await buildDonation(db(), {
      campaignId: live!.campaignId,
      amountCents: 5_000,
      donorEmail: ana,
      donorName: 'Ana',
      showPublicly: true,
      message: 'Go Paula!',
    });
    await buildDonation(db(), {
      campaignId: live!.campaignId,
      amountCents: 12_000,
      donorEmail: bo,
      donorName: 'Bo Private',
    });
    await buildDonation(db(), { campaignId: live!.campaignId, amountCents: 2_500 });
    suite.site.refreshProgress();

    const { page, context } = await suite.newPage(PHONE);
    const signedIn = await context.request.post('/api/auth/login', {
      data: { email: live!.owner.email, password: STRONG_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    await visit(page, '/my-fundraiser');
    const section = page.getByRole('region', { name: 'Gifts and thanks' });
    await expect.poll(() => section.getByTestId('own-raised').innerText()).toBe('$195.00');
    expect(await section.getByTestId('own-goal').innerText()).toBe('$9,450.50');
    expect(await section.getByTestId('own-gifts').innerText()).toBe('3');
    const gifts = section.getByRole('list', { name: 'Gifts, newest first' });
    const lines = (await gifts.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^Ana “Go Paula!” .+ Gets your next thank-you by email \$50\.00$/);
    // Bo did not agree to be shown; nobody's address is on the page.
    expect(lines[1]).toMatch(/^Anonymous .+ Gets your next thank-you by email \$120\.00$/);
    expect(lines[0]).not.toContain('thank-you');
    expect(await section.innerText()).not.toContain('Bo Private');
    expect(await page.content()).not.toContain('@example.org');
    await expectNoAxeViolations(page);

    await section.getByRole('button', { name: 'Send thank-you' }).click();
    await section.getByText('Write your thank-you').waitFor();
    const thanks = section.getByLabel('Your thank-you');
    expect(await thanks.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      await section
        .getByText(
          'Mailed once to each of the 2 donors who left an email address and have not had your thank-you yet.',
          {
            exact: false,
          },
        )
        .count(),
    ).toBe(1);
    await thanks.fill('Thank you all: the surgery is booked for March.');
    await section.getByRole('button', { name: 'Send thank-you' }).click();
    await expect.poll(() => toastText(page)).toContain('It is being mailed to 2 donors.');
    await backgroundMailSent();
    const mailed = await db()
      .select()
      .from(outbox)
      .where(inArray(outbox.to, [ana, bo]));
    expect(mailed.map((m) => m.to).sort()).toEqual([ana, bo].sort());
    expect(mailed[0]!.text).toContain('Thank you all: the surgery is booked for March.');
    // Each gift is thanked once: the list says so, and the form gives way until a new gift comes.
    await expect.poll(() => gifts.getByText('Thanked', { exact: false }).count()).toBe(2);
    await section.getByText('No donor is waiting for a thank-you', { exact: false }).waitFor();
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/owner-thanked.png` });
  }, 120_000);
});

/** The error text tied to a labelled control (aria-describedby). */
async function fieldError(page: Page, label: string): Promise<string> {
  const ids = (await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby')) ?? '';
  const error = ids.split(' ').find((id) => id.endsWith('-error'));
  return error ? page.locator(`[id="${error}"]`).innerText() : '';
}

/** The error text a fieldset (a group of radios or fields) is described by. */
async function groupError(page: Page, legend: string): Promise<string> {
  const group = page.getByRole('group', { name: legend, exact: true });
  const ids = ((await group.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.find((text) => text !== '' && !/^Plan each group|^Fundraisers with/.test(text)) ?? '';
}
