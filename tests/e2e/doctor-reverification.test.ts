/** A verified doctor learns, before saving, that a new name or credentials send the profile back for verification. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REVERIFICATION_NOTICE } from '../../src/shared/doctor-verification.ts';
import { doctorProfiles, users } from '../../src/server/db/schema/index.ts';
import { DOCTOR_ANSWERS } from '../factories/doctors.ts';
import { browserSuite, expectNoAxeViolations, signUpThroughApi, visit } from './fixtures.ts';

const suite = browserSuite();

describe('a verified doctor editing their profile', () => {
  it('sees the re-verification notice when the name or a credential differs from the saved one, and not for the bio', async () => {
    const { page, context } = await suite.newPage();
    const person = await signUpThroughApi(context, { role: 'doctor', firstName: 'Dana', lastName: 'Whitfield' });
    expect(
      (
        await context.request.post('/api/user/onboarding', {
          data: { role: 'doctor', onboardingData: DOCTOR_ANSWERS },
          headers: { origin: suite.site.baseURL },
        })
      ).status(),
    ).toBe(200);
    const db = suite.site.database.db;
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, String(person.email).toLowerCase()));
    await db
      .update(doctorProfiles)
      .set({ verificationStatus: 'verified', verificationDecidedAt: new Date() })
      .where(eq(doctorProfiles.userId, user!.id));
    const notice = page.getByTestId('reverification-notice');

    // The name, on Account Settings.
    await visit(page, '/profile');
    const firstName = page.getByLabel('First name');
    await firstName.waitFor();
    expect(await notice.count()).toBe(0);
    await firstName.fill('Danielle');
    await expect.poll(() => notice.innerText()).toBe(REVERIFICATION_NOTICE);
    await expectNoAxeViolations(page);
    await firstName.fill('Dana');
    await expect.poll(() => notice.count()).toBe(0);

    // The credentials, on the onboarding form; the bio changes freely.
    await visit(page, '/onboarding');
    const bio = page.getByLabel('Professional bio');
    await expect.poll(() => bio.inputValue()).toBe(DOCTOR_ANSWERS.bio);
    await bio.fill(`${DOCTOR_ANSWERS.bio} I also teach.`);
    expect(await notice.count()).toBe(0);
    await page.getByLabel('License number').fill('MD-LIC-000001');
    await expect.poll(() => notice.innerText()).toBe(REVERIFICATION_NOTICE);
    await expectNoAxeViolations(page);
    // Still verified: nothing was saved.
    const [profile] = await db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, user!.id));
    expect(profile!.verificationStatus).toBe('verified');
  }, 90_000);
});
