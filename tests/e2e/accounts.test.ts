/** Accounts, as people use them: sign up, onboard, sign out and in, change role, menus per role. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { patientProfiles, doctorProfiles, users } from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/services/passwords.ts';
import { STRONG_PASSWORD } from '../setup/accounts.ts';
import { browserSuite, expectNoAxeViolations, PHONE, signUpThroughApi, toastText, visit } from './fixtures.ts';
import { HEALTH_CONSENT_TEXT } from '../../src/shared/health-data-consent.ts';
import {
  accountMenuButton,
  ADMIN_ITEMS,
  fieldError,
  GENERAL_ITEMS,
  menuItemNames,
  pathOf,
  signInThroughForm,
} from './account-parts.ts';

const suite = browserSuite();

describe('accounts', () => {
  it('a patient signs up from Get Started, onboards, signs out and signs back in', async () => {
    const { page } = await suite.newPage();
    const email = `rosa.${Date.now()}@example.com`;

    await visit(page, '/get-started');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.title()).toMatch(/^Get Started/);
    await expectNoAxeViolations(page);
    // A role must be chosen first.
    await page.getByRole('button', { name: 'Continue with Registration' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Please choose a role to continue.');
    expect(pathOf(page)).toBe('/get-started');
    await page.getByRole('radio', { name: 'Patient Account' }).check();
    await page.getByRole('button', { name: 'Continue with Registration' }).click();
    await expect.poll(() => pathOf(page)).toBe('/register');
    expect(await page.evaluate(() => sessionStorage.getItem('selectedRole'))).toBe('patient');

    expect(await page.getByTestId('role-badge').innerText()).toBe('Patient Account');
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
    expect(await main.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(await main.getByRole('link', { name: 'Sign in here' }).getAttribute('href')).toBe('/login');
    await expectNoAxeViolations(page);

    // The shared schema's messages, each tied to its field.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => fieldError(page, 'First name')).toBe('First name is required');
    expect(await fieldError(page, 'Email')).toBe('Please enter a valid email address');
    expect(await fieldError(page, 'Password')).toBe('Password must be at least 8 characters');
    // The hint says the whole rule, the part only the server checks too.
    await page
      .getByText('It must not contain your name or email address, and must not be a common password.')
      .waitFor();
    const firstName = page.getByLabel('First name');
    await firstName.fill('Rosa');
    await page.getByLabel('Last name').fill('Lindqvist');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm password').fill(`${STRONG_PASSWORD}x`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => fieldError(page, 'Confirm password')).toBe("Passwords don't match");
    await page.getByLabel('Confirm password').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/onboarding');
    await expect.poll(() => toastText(page)).toContain('Account Created Successfully!');
    expect(await toastText(page)).toContain('Please check your email for verification if required.');
    expect(await page.evaluate(() => sessionStorage.getItem('selectedRole'))).toBeNull();

    // Onboarding: a truthful step, a privacy promise, every field.
    await page.getByRole('heading', { level: 1, name: 'Tell Us About Your Health Journey' }).waitFor();
    expect(await page.getByText('Step 2 of 2: Your profile').count()).toBe(1);
    expect(await page.getByText('Step 1 of 3').count()).toBe(0);
    expect(await page.getByText('Your health answers are private.').count()).toBe(1);
    await expectNoAxeViolations(page);
    const allowPublic = page.getByRole('checkbox', { name: 'Allow stories I submit to be published' });
    expect(await allowPublic.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    await expect.poll(() => page.getByText('Please describe your medical condition').count()).toBe(1);
    expect(await page.getByText('Choose an urgency level').count()).toBe(1);
    await page.getByLabel('Medical condition').fill('Stage IV endometriosis');
    await page.getByLabel('Symptoms').fill('Chronic pelvic pain and fatigue');
    await page.getByLabel('Treatment goals').fill('Excision surgery and recovery');
    await page.getByRole('radio', { name: /^High/ }).check();
    await page.getByRole('radio', { name: 'Email', exact: true }).check();
    await page.getByRole('checkbox', { name: HEALTH_CONSENT_TEXT.collect.label }).check();
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();

    // Her next step is her story, which she can write at once (a fundraiser waits for her confirmed email).
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/my-stories');
    await expect.poll(() => toastText(page)).toContain('Onboarding Complete!');
    await page.getByRole('heading', { level: 1, name: 'My Stories' }).waitFor();
    const [profile] = await suite.site.database.db
      .select()
      .from(patientProfiles)
      .innerJoin(users, eq(users.id, patientProfiles.userId))
      .where(eq(users.email, email));
    expect(profile!.patient_profiles).toMatchObject({
      medicalCondition: 'Stage IV endometriosis',
      urgencyLevel: 'high',
      preferredContactMethod: 'email',
      allowPublicStory: false,
    });
    expect(profile!.users.onboardingCompletedAt).not.toBeNull();

    // Signed in: Share Your Story, the bell, and the avatar menu with name, role and items.
    expect(await page.getByRole('link', { name: 'Share Your Story' }).getAttribute('href')).toBe('/my-stories');
    expect(
      await page
        .getByRole('link', { name: /^Notifications/ })
        .first()
        .getAttribute('href'),
    ).toBe('/notifications');
    expect(await page.getByRole('link', { name: 'Join Community' }).count()).toBe(0);
    expect(await page.getByTestId('avatar-initials').first().innerText()).toBe('RL');
    await expect.poll(() => page.getByRole('button', { name: 'Resend link' }).count()).toBe(1);
    expect(await menuItemNames(page)).toEqual([
      ...GENERAL_ITEMS,
      'My Fundraiser',
      'Expenses',
      'My Care Plan',
      'Sign Out',
    ]);
    expect(await page.getByTestId('account-name').innerText()).toBe('Rosa Lindqvist');
    expect(await page.getByTestId('account-role').innerText()).toBe('Patient');
    expect(await page.getByRole('menuitem', { name: 'Account Settings' }).getAttribute('href')).toBe('/profile');
    await expectNoAxeViolations(page);

    // Sign out through the menu, by keyboard: the menu item itself signs out (a POST) and loads the home page.
    expect(await page.getByRole('menuitem', { name: 'Sign Out' }).getAttribute('href')).toBeNull();
    await page.getByRole('menuitem', { name: 'Sign Out' }).focus();
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(pathOf(page)).toBe('/');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    // Back in through Join Community; a wrong password is refused with the server's message.
    await page.getByRole('link', { name: 'Join Community' }).click();
    await expect.poll(() => pathOf(page)).toBe('/login');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expectNoAxeViolations(page);
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(await page.getByRole('link', { name: 'Join the community' }).getAttribute('href')).toBe('/get-started');
    await signInThroughForm(page, email, 'Wrong-Password-1');
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Invalid email or password');
    await signInThroughForm(page, email, STRONG_PASSWORD);
    await expect.poll(() => pathOf(page)).toBe('/');
    await accountMenuButton(page).waitFor();
    expect(await accountMenuButton(page).innerText()).toContain('RL');
  }, 60_000);

  it('Join Community leads, through /api/login, to a page that offers joining as plainly as signing in', async () => {
    const { page } = await suite.newPage(PHONE);
    await visit(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const join = page.locator('#mobile-menu').getByRole('link', { name: 'Join Community' });
    expect(await join.getAttribute('href')).toBe('/api/login');
    await join.click();
    await expect.poll(() => pathOf(page)).toBe('/login');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Sign In or Join');

    // Both ways in on the first screen, each a full-size button.
    const joinLink = page.getByRole('main').getByRole('link', { name: 'Join the community' });
    const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
    for (const control of [joinLink, signIn]) {
      const box = (await control.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(844);
    }
    expect((await joinLink.boundingBox())!.height).toBe((await signIn.boundingBox())!.height);
    expect((await joinLink.boundingBox())!.width).toBe((await signIn.boundingBox())!.width);
    await expectNoAxeViolations(page);
    await joinLink.click();
    await expect.poll(() => pathOf(page)).toBe('/get-started');
  });

  it('sends visitors without a chosen role back to Get Started, and signed-out visitors to sign in', async () => {
    const { page } = await suite.newPage();
    await visit(page, '/register');
    await expect.poll(() => pathOf(page)).toBe('/get-started');
    await visit(page, '/onboarding');
    await expect.poll(() => page.url()).toBe(`${suite.site.baseURL}/login?returnTo=%2Fonboarding`);
    await visit(page, '/register?invite=some-token');
    expect(await page.getByTestId('role-badge').innerText()).toBe('Administrator Account');
  });

  it('a doctor fills every field, including medical board and consultation types, and gets the Doctor Dashboard', async () => {
    const { page } = await suite.newPage();
    await page.route('**/api/notifications', (route) => route.fulfill({ json: { items: [], unreadCount: 12 } }));

    await visit(page, '/get-started');
    await page.getByText('Medical Professional Account').click();
    await page.getByRole('button', { name: 'Continue with Registration' }).click();
    await expect.poll(() => pathOf(page)).toBe('/register');
    expect(await page.getByTestId('role-badge').innerText()).toBe('Medical Professional Account');
    await page.getByLabel('First name').fill('Amara');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Email').fill(`amara.${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm password').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/onboarding');

    await page.getByRole('heading', { level: 1, name: 'Your Professional Profile' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    for (const message of [
      'Medical specialty is required',
      'Medical board certification required',
      'Select consultation preferences',
      'Select at least one area of expertise',
    ]) {
      await expect.poll(() => page.getByText(message).count(), { message }).toBe(1);
    }
    await page.getByLabel('Medical specialty').selectOption('Obstetrics & Gynecology');
    await page.getByLabel('License number').fill('MD-445566');
    await page.getByLabel('License state or region').fill('Ontario');
    // A number out of range is told what range, not that it is missing.
    await page.getByLabel('Years of experience').fill('-3');
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    await page.getByText('Years of experience must be 0 or more').waitFor();
    expect(await page.getByText('Years of experience required').count()).toBe(0);
    await page.getByLabel('Years of experience').fill('14');
    await page.getByLabel('Medical board certification').fill('Royal College of Physicians and Surgeons of Canada');
    await page
      .getByLabel('Professional bio')
      .fill('Gynecologic surgeon focused on excision of endometriosis and on recovery after surgery.');
    await page.getByRole('checkbox', { name: "Women's Reproductive Health" }).check();
    await page.getByRole('checkbox', { name: 'Surgical Procedures' }).check();
    await page.getByRole('checkbox', { name: 'Written replies to stories' }).check();
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    // On to her dashboard, which says where her verification stands.
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/doctor-dashboard');

    const [row] = await suite.site.database.db
      .select()
      .from(doctorProfiles)
      .innerJoin(users, eq(users.id, doctorProfiles.userId))
      .where(eq(users.firstName, 'Amara'));
    expect(row!.doctor_profiles).toMatchObject({
      specialty: 'Obstetrics & Gynecology',
      yearsExperience: 14,
      medicalBoard: 'Royal College of Physicians and Surgeons of Canada',
      hospitalAffiliation: null,
      areasOfExpertise: ["Women's Reproductive Health", 'Surgical Procedures'],
      consultationTypes: ['Written replies to stories'],
    });

    // The unread badge caps at 9+.
    await expect.poll(() => page.getByTestId('unread-badge').first().innerText()).toBe('9+');
    expect(await page.getByRole('link', { name: 'Notifications, 9+ unread' }).count()).toBe(1);
    expect(await menuItemNames(page)).toEqual([...GENERAL_ITEMS, 'Doctor Dashboard', 'Sign Out']);
    expect(await page.getByTestId('account-role').innerText()).toBe('Doctor');
    expect(await page.getByRole('menuitem', { name: 'Doctor Dashboard' }).getAttribute('href')).toBe(
      '/doctor-dashboard',
    );
    await page.keyboard.press('Escape');

    // The mobile menu repeats the account links.
    await page.getByRole('heading', { level: 1, name: 'Doctor Dashboard' }).waitFor();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobile = page.locator('#mobile-menu');
    expect(await mobile.getByRole('link', { name: 'Find Doctors' }).getAttribute('href')).toBe('/find-doctors');
    expect(await mobile.getByRole('link', { name: 'Doctor Dashboard' }).getAttribute('href')).toBe('/doctor-dashboard');
    expect(await mobile.getByRole('link', { name: 'Share Your Story' }).getAttribute('href')).toBe('/my-stories');
    expect(await mobile.getByRole('link', { name: 'Sign Out' }).count()).toBe(0);
    expect(await mobile.getByRole('button', { name: 'Sign Out' }).count()).toBe(1);
    expect(await mobile.getByRole('link', { name: 'Notifications, 9+ unread' }).getAttribute('href')).toBe(
      '/notifications',
    );
    expect(await mobile.getByRole('link', { name: 'Join Community' }).count()).toBe(0);
    await expectNoAxeViolations(page);
  }, 60_000);

  it('a signed-in member changes role on Get Started, then sets donor preferences', async () => {
    const { page, context } = await suite.newPage();
    await signUpThroughApi(context, { firstName: 'Dana', lastName: 'Giver' });
    await visit(page, '/get-started');
    const submit = page.getByRole('button', { name: 'Complete Setup' });
    await submit.waitFor();
    expect(await page.getByRole('link', { name: 'Sign in here' }).count()).toBe(0);
    await submit.click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Please choose a role to continue.');
    await page.getByRole('radio', { name: 'Supporter Account' }).check();
    await submit.click();
    await expect.poll(() => toastText(page)).toContain('Role Selected');
    await expect.poll(() => pathOf(page)).toBe('/');
    await expect.poll(() => accountMenuButton(page).count()).toBe(1);

    await visit(page, '/onboarding');
    await page.getByRole('heading', { level: 1, name: 'Your Giving Preferences' }).waitFor();
    await expectNoAxeViolations(page);
    expect(await page.getByRole('checkbox', { name: 'Give anonymously by default' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Send me tax-deductibility information' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^Regular updates/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    await expect.poll(() => page.getByText('Select donation interests').count()).toBe(1);
    await page.getByRole('checkbox', { name: 'Medication Costs' }).check();
    await page.getByRole('radio', { name: '$50-$100' }).check();
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    // A donor goes on to the people she can give to.
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/fundraisers');
    await expect.poll(() => toastText(page)).toContain('Onboarding Complete!');
    expect(await menuItemNames(page)).toEqual([...GENERAL_ITEMS, 'Sign Out']);
    expect(await page.getByTestId('account-role').innerText()).toBe('Donor');
  }, 60_000);

  it('an admin signs in and sees the admin links; the admin form has no admin level', async () => {
    const { page } = await suite.newPage();
    const email = `ada.admin.${Date.now()}@example.com`;
    await suite.site.database.db.insert(users).values({
      email,
      passwordHash: await hashPassword(STRONG_PASSWORD),
      firstName: 'Ada',
      lastName: 'Admin',
      role: 'admin',
      adminLevel: 'super_admin',
      emailVerifiedAt: new Date(),
    });
    await visit(page, '/login?returnTo=/onboarding');
    await signInThroughForm(page, email, STRONG_PASSWORD);
    await expect.poll(() => pathOf(page)).toBe('/onboarding');
    await page.getByRole('heading', { level: 1, name: 'Your Administrator Profile' }).waitFor();
    await expectNoAxeViolations(page);
    expect(await page.getByLabel(/level/i).count()).toBe(0);
    expect(await page.getByRole('radio').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Content Moderation' }).check();
    await page.getByLabel('Previous admin experience').fill('Moderated a patient forum for three years.');
    await page.getByLabel('Weekly availability (hours)').fill('6');
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/admin-dashboard');

    expect(await page.getByRole('button', { name: 'Resend link' }).count()).toBe(0);

    // The menu works by keyboard: Enter opens it on the first item, arrows move, Escape returns to the button.
    await accountMenuButton(page).focus();
    await page.keyboard.press('Enter');
    const focusedItem = () =>
      page.evaluate(() =>
        document.activeElement?.getAttribute('role') === 'menuitem' ? document.activeElement.textContent : null,
      );
    await expect.poll(focusedItem).toBe('My Stories');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedItem).toBe('Notifications');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(await accountMenuButton(page).evaluate((el) => el === document.activeElement)).toBe(true);

    expect(await menuItemNames(page)).toEqual([...GENERAL_ITEMS, ...ADMIN_ITEMS, 'Sign Out']);
    expect(await page.getByTestId('account-role').innerText()).toBe('Administrator (Super admin)');
    expect(await page.getByRole('menuitem', { name: 'User Management' }).getAttribute('href')).toBe('/admin-users');
  }, 60_000);
});
