/**
 * Who sees each health answer (decision 020), as a patient sets it on her phone: without her consent to sharing only
 * "Only me" can be chosen; with it she shows her condition to members, and her member page shows it to a signed-in
 * member and not to a signed-out visitor.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema/index.ts';
import { browserSuite, expectNoAxeViolations, PHONE, signUpThroughApi, toastText, visit } from './fixtures.ts';

const suite = browserSuite();

const ANSWERS = {
  medicalCondition: 'Stage IV endometriosis',
  symptoms: 'Chronic pelvic pain',
  treatmentGoals: 'Excision surgery',
  urgencyLevel: 'high',
  preferredContactMethod: 'email',
  consentToCollect: true,
};

describe('field visibility', () => {
  it('a patient shows her condition to members: a signed-in member sees it on her page, a visitor does not', async () => {
    const { page, context } = await suite.newPage(PHONE);
    const person = await signUpThroughApi(context, { role: 'patient', firstName: 'Rosa' });
    const onboarded = await context.request.post('/api/user/onboarding', {
      data: { role: 'patient', onboardingData: ANSWERS },
      headers: { origin: suite.site.baseURL },
    });
    expect(onboarded.status()).toBe(200);
    const [account] = await suite.site.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, person.email));
    await suite.site.database.db.update(users).set({ communityName: 'Rose' }).where(eq(users.id, account!.id));

    // Account Settings: every answer is "Only me", and the wider choices wait for her consent to sharing.
    await visit(page, '/profile');
    const section = page.getByRole('region', { name: 'Who sees your health answers' });
    await section.waitFor();
    const condition = section.getByRole('combobox', { name: 'Who sees your medical condition' });
    await condition.waitFor();
    expect(await condition.inputValue()).toBe('only-me');
    expect(await section.getByTestId('field-medicalCondition').innerText()).toContain('Stage IV endometriosis');
    expect(await condition.locator('option[value="members"]').isDisabled()).toBe(true);
    expect(await section.getByTestId('field-visibility-needs-share').innerText()).toContain(
      'consent to sharing your health data',
    );
    await expectNoAxeViolations(page);

    // She gives the consent in the section below; the choices open at once.
    await page.getByRole('button', { name: 'Give consent: Sharing your health data' }).click();
    await expect.poll(() => condition.locator('option[value="members"]').isDisabled()).toBe(false);
    expect(await section.getByTestId('field-visibility-needs-share').count()).toBe(0);
    await condition.selectOption('members');
    await expect.poll(() => toastText(page)).toContain('Medical condition: Members');
    await expect.poll(() => condition.inputValue()).toBe('members');
    await expectNoAxeViolations(page);

    // A signed-in member reads it on her page, under her community name.
    const member = await suite.newPage(PHONE);
    await signUpThroughApi(member.context, { role: 'donor' });
    await visit(member.page, `/members/${account!.id}`);
    await member.page.getByRole('heading', { level: 1, name: 'Rose' }).waitFor();
    const shared = member.page.getByTestId('member-fields');
    await shared.waitFor();
    expect(await shared.innerText()).toContain('Stage IV endometriosis');
    expect(await shared.innerText()).not.toContain('Chronic pelvic pain');
    expect(await member.page.locator('body').innerText()).not.toContain(person.lastName);
    await expectNoAxeViolations(member.page);

    // A signed-out visitor sees her name only.
    const visitor = await suite.newPage(PHONE);
    await visit(visitor.page, `/members/${account!.id}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Rose' }).waitFor();
    await visitor.page.getByTestId('member-fields-none').waitFor();
    expect(await visitor.page.locator('body').innerText()).not.toContain('endometriosis');
    await expectNoAxeViolations(visitor.page);
  }, 90_000);
});
