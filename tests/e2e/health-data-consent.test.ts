/**
 * Consent for consumer health data (decision 017), as a new patient meets it on her phone: she gives the consent to
 * collect before her health answers are stored, reads the policy it links to, and later withdraws it in Account
 * Settings, after which her answers are gone.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  HEALTH_CONSENT_REFUSALS,
  HEALTH_CONSENT_TEXT,
  HEALTH_CONSENT_WITHDRAWAL,
} from '#shared/health-data-consent.ts';
import { healthDataConsents, patientProfiles, users } from '../../src/server/db/schema/index.ts';
import {
  browserSuite,
  expectNoAxeViolations,
  PHONE,
  signUpThroughApi,
  toastText,
  visit,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('health data consent', () => {
  it('a new patient consents to collection at onboarding, then withdraws it in Account Settings and her answers are gone', async () => {
    const { page, context } = await suite.newPage(PHONE);
    const person = await signUpThroughApi(context, { role: 'patient', firstName: 'Rosa' });
    const db = suite.site.database.db;
    const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
    const profileOf = () => db.select().from(patientProfiles).where(eq(patientProfiles.userId, account!.id));

    // Onboarding: the consent to collect comes before the questions, and without it nothing is stored.
    await visit(page, '/onboarding');
    await page.getByRole('heading', { level: 1, name: 'Tell Us About Your Health Journey' }).waitFor();
    const collect = page.getByRole('checkbox', { name: HEALTH_CONSENT_TEXT.collect.label });
    expect(await collect.isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: HEALTH_CONSENT_TEXT.share.label }).isChecked()).toBe(false);
    expect(await page.getByRole('link', { name: 'Consumer Health Data Privacy Policy' }).getAttribute('href')).toBe(
      '/consumer-health-data-privacy',
    );
    await expectNoAxeViolations(page);
    await page.getByLabel('Medical condition').fill('Stage IV endometriosis');
    await page.getByLabel('Symptoms').fill('Chronic pelvic pain');
    await page.getByLabel('Treatment goals').fill('Excision surgery');
    await page.getByRole('radio', { name: /^High/ }).check();
    await page.getByRole('radio', { name: 'Email', exact: true }).check();
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    await page.getByText(HEALTH_CONSENT_REFUSALS.collect).first().waitFor();
    expect(await collect.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    expect(await profileOf()).toEqual([]);

    await collect.check();
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/my-stories');
    expect((await profileOf())[0]).toMatchObject({ medicalCondition: 'Stage IV endometriosis' });

    // Account Settings: the consent with its date and version; withdrawing asks once and says what it does.
    await visit(page, '/profile');
    const section = page.getByRole('region', { name: 'Health data consent' });
    await section.waitFor();
    const collecting = section.getByTestId('health-consent-collect');
    await expect.poll(() => collecting.innerText()).toMatch(/Given .+ · policy version 2026-12-03/);
    expect(await section.getByTestId('health-consent-share').innerText()).toContain('Not given');
    expect(await section.getByTestId('health-answers-held').innerText()).toBe(
      'We hold your health answers from your profile.',
    );
    await expectNoAxeViolations(page);
    await section.getByRole('button', { name: 'Withdraw consent: Collecting your health answers' }).click();
    const confirm = section.getByRole('group', { name: 'Withdraw consent: Collecting your health answers' });
    expect(await confirm.innerText()).toContain(HEALTH_CONSENT_WITHDRAWAL.collect);
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Withdraw consent' }).click();
    await expect.poll(() => toastText(page)).toContain('Your health answers have been deleted.');
    await expect
      .poll(() => section.getByTestId('health-answers-held').innerText())
      .toContain('We hold no health answers of yours.');
    expect(await collecting.innerText()).toContain('Not given');
    expect(await section.getByText(/withdrawn/).count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    expect(await profileOf()).toEqual([]);
    const [consent] = await db.select().from(healthDataConsents).where(eq(healthDataConsents.userId, account!.id));
    expect(consent!.withdrawnAt).not.toBeNull();

    // Her answers are gone from the profile questions too.
    await visit(page, '/onboarding');
    await page.getByRole('heading', { level: 1, name: 'Tell Us About Your Health Journey' }).waitFor();
    expect(await page.getByLabel('Medical condition').inputValue()).toBe('');

    // The policy the consent names, on its own page.
    await visit(page, '/consumer-health-data-privacy');
    await page.getByRole('heading', { level: 1, name: 'Consumer Health Data Privacy Policy' }).waitFor();
    expect(await page.getByText('Nothing about your health is public by default.').count()).toBe(1);
    await expectNoAxeViolations(page);
  }, 90_000);

  it('a patient who answered before consents were asked is asked to consent or delete them, and deletes them', async () => {
    const { page, context } = await suite.newPage(PHONE);
    const person = await signUpThroughApi(context, { role: 'patient', firstName: 'Ines' });
    const db = suite.site.database.db;
    const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
    await db.insert(patientProfiles).values({
      userId: account!.id,
      medicalCondition: 'Endometriosis',
      symptoms: 'Pain',
      treatmentGoals: 'Surgery',
      urgencyLevel: 'high',
      preferredContactMethod: 'email',
    });

    await visit(page, '/profile');
    const section = page.getByRole('region', { name: 'Health data consent' });
    const prompt = section.getByTestId('answers-before-consent');
    await expect.poll(() => prompt.innerText()).toContain('Your health answers need your consent');
    await expectNoAxeViolations(page);
    await prompt.getByRole('button', { name: 'Delete my answers' }).click();
    const confirm = prompt.getByRole('group', { name: 'Delete my health answers' });
    expect(await confirm.innerText()).toContain(HEALTH_CONSENT_WITHDRAWAL.collect);
    await confirm.getByRole('button', { name: 'Delete my answers' }).click();
    await expect.poll(() => toastText(page)).toContain('Your health answers have been deleted.');
    await expect
      .poll(() => section.getByTestId('health-answers-held').innerText())
      .toContain('We hold no health answers of yours.');
    expect(await prompt.count()).toBe(0);
    expect(await db.select().from(patientProfiles).where(eq(patientProfiles.userId, account!.id))).toEqual([]);
    await expectNoAxeViolations(page);
  }, 60_000);
});
