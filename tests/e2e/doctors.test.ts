/**
 * A doctor joins, a manager verifies them on /admin-doctors (and turns another down with a reason), visitors
 * find them in /find-doctors with the filters and open the profile (no license number), and the doctor sees
 * "Verified" on their dashboard. Others get no-access views. Axe on every page.
 */
import { describe, expect, it } from 'vitest';
import { DOCTOR_ANSWERS, buildDoctor } from '../factories/doctors.ts';
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

const pathOf = (page: Page) => new URL(page.url()).pathname;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const cardNames = (page: Page) => page.getByTestId('doctor-card').getByRole('heading', { level: 3 }).allInnerTexts();

async function expectOneHeading(page: Page, text: string | RegExp) {
  await h1(page).filter({ hasText: text }).waitFor();
  expect(await h1(page).count()).toBe(1);
}

/** Waits until the directory shows exactly these doctors. */
async function expectListed(page: Page, names: string[]) {
  await expect.poll(async () => (await cardNames(page)).sort()).toEqual([...names].sort());
}

describe('doctor verification and the directory', () => {
  it('a doctor is verified by a manager, appears in Find Doctors with working filters, and sees it on the dashboard', async () => {
    const db = suite.site.database.db;
    await buildDoctor(db, {
      user: { firstName: 'Noor', lastName: 'Haddad' },
      profile: {
        specialty: 'Psychiatry',
        areasOfExpertise: ['Mental Health & Trauma'],
        consultationTypes: ['Phone consultation'],
        hospitalAffiliation: null,
      },
    });
    await buildDoctor(db, {
      status: 'pending',
      user: { firstName: 'Lee', lastName: 'Unlisted' },
      profile: { licenseNumber: 'FAKE-000' },
    });

    // --- The doctor joins and waits -----------------------------------------------------------
    const doctor = await suite.newPage();
    await signUpThroughApi(doctor.context, { role: 'doctor', firstName: 'Amara', lastName: 'Okafor' });
    const onboarded = await doctor.context.request.post('/api/user/onboarding', {
      data: { role: 'doctor', onboardingData: DOCTOR_ANSWERS },
      headers: { origin: suite.site.baseURL },
    });
    expect(onboarded.status()).toBe(200);
    await visit(doctor.page, '/doctor-dashboard');
    await expectOneHeading(doctor.page, 'Doctor Dashboard');
    await expect
      .poll(() => doctor.page.getByTestId('verification-status').innerText())
      .toBe('Waiting for verification');
    await doctor.page
      .getByText('Once you are verified, the stories whose authors ask for professional input appear here.')
      .waitFor();
    // Only the doctor (and admins) see the license number.
    await doctor.page.getByText(`${DOCTOR_ANSWERS.licenseNumber} (${DOCTOR_ANSWERS.licenseState})`).waitFor();
    await expectNoAxeViolations(doctor.page);

    // --- Not listed yet -----------------------------------------------------------------------
    const visitor = await suite.newPage();
    await visit(visitor.page, '/find-doctors');
    await expectOneHeading(visitor.page, 'Find Doctors');
    await expectListed(visitor.page, ['Dr. Noor Haddad']);

    // --- A manager works the queue --------------------------------------------------------------
    const admin = await suite.newPage();
    await signInAsAdmin(admin.context, suite.site, 'manager', { firstName: 'Mara', lastName: 'Manager' });
    await visit(admin.page, '/admin-dashboard');
    await expect.poll(() => admin.page.getByTestId('figure-doctors').innerText()).toBe('2');
    await admin.page.getByRole('link', { name: /Review doctors/ }).click();
    await expect.poll(() => pathOf(admin.page)).toBe('/admin-doctors');
    await expectOneHeading(admin.page, 'Doctor Verification');
    expect(await admin.page.getByRole('button', { name: 'Pending' }).getAttribute('aria-pressed')).toBe('true');
    const row = admin.page.getByTestId('doctors-table').getByRole('row').filter({ hasText: 'Dr. Amara Okafor' });
    await row.waitFor();
    for (const text of [
      DOCTOR_ANSWERS.licenseNumber,
      DOCTOR_ANSWERS.licenseState,
      DOCTOR_ANSWERS.medicalBoard,
      DOCTOR_ANSWERS.hospitalAffiliation,
    ])
      expect(await row.innerText()).toContain(text);
    expect(await row.getByRole('link', { name: /@example\.com$/ }).count()).toBe(1);
    await expectNoAxeViolations(admin.page);

    // Turn one down: the reason is asked for, and required.
    const other = admin.page.getByTestId('doctors-table').getByRole('row').filter({ hasText: 'Dr. Lee Unlisted' });
    await other.getByRole('button', { name: 'Reject Dr. Lee Unlisted' }).click();
    const reason = other.getByRole('textbox', { name: 'Reason for not verifying Dr. Lee Unlisted' });
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await other.getByRole('button', { name: 'Confirm rejection' }).click();
    await other.getByText('Give a reason the doctor will see').waitFor();
    await expectNoAxeViolations(admin.page);
    await reason.fill('No license FAKE-000 on the state board register.');
    // The list is asked for again after the decision: held here until she has moved on to the next doctor.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await admin.page.route(
      (url) => url.pathname === '/api/admin/doctor-verifications',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await other.getByRole('button', { name: 'Confirm rejection' }).click();
    await expect.poll(() => toastText(admin.page)).toContain('Doctor not verified');
    const verify = row.getByRole('button', { name: 'Verify Dr. Amara Okafor' });
    await verify.focus();
    release();
    // The decided row leaves; the focus stays where she put it.
    await other.waitFor({ state: 'detached' });
    expect(await verify.evaluate((el) => el === document.activeElement)).toBe(true);

    // By keyboard: the decided row leaves the tab, and the focus goes back to the list's heading.
    await admin.page.keyboard.press('Enter');
    await expect.poll(() => toastText(admin.page)).toContain('Doctor verified');
    await admin.page.getByText('No doctors are waiting for verification.').waitFor();
    await expect
      .poll(() => admin.page.evaluate(() => document.activeElement?.textContent))
      .toBe('Waiting for verification');
    await admin.page.getByRole('button', { name: 'Verified' }).click();
    await admin.page.getByTestId('doctors-table').getByRole('row').filter({ hasText: 'Dr. Amara Okafor' }).waitFor();
    await admin.page.getByRole('button', { name: 'Rejected' }).click();
    await admin.page
      .getByTestId('doctors-table')
      .getByRole('row')
      .filter({ hasText: 'No license FAKE-000 on the state board register.' })
      .waitFor();
    await expectNoAxeViolations(admin.page);

    // --- Visitors find the doctor, and the filters work ---------------------------------------
    await visit(visitor.page, '/find-doctors');
    await expectListed(visitor.page, ['Dr. Amara Okafor', 'Dr. Noor Haddad']);
    expect(await visitor.page.getByTestId('doctors-count').innerText()).toBe('2 doctors');
    await expectNoAxeViolations(visitor.page);

    await visitor.page.getByLabel('Specialty').selectOption(DOCTOR_ANSWERS.specialty);
    await visitor.page.getByRole('button', { name: 'Search' }).click();
    await expectListed(visitor.page, ['Dr. Amara Okafor']);
    expect(new URL(visitor.page.url()).searchParams.get('specialty')).toBe(DOCTOR_ANSWERS.specialty);

    // Back restores the unfiltered list (the filters live in the address); forward brings the filter back.
    await visitor.page.goBack();
    await expectListed(visitor.page, ['Dr. Amara Okafor', 'Dr. Noor Haddad']);
    expect(await visitor.page.getByLabel('Specialty').inputValue()).toBe('');
    await visitor.page.goForward();
    await expectListed(visitor.page, ['Dr. Amara Okafor']);
    expect(await visitor.page.getByLabel('Specialty').inputValue()).toBe(DOCTOR_ANSWERS.specialty);

    await visitor.page.getByRole('button', { name: 'Clear filters' }).click();
    await expectListed(visitor.page, ['Dr. Amara Okafor', 'Dr. Noor Haddad']);
    await visitor.page.getByLabel('Area of expertise').selectOption('Mental Health & Trauma');
    await visitor.page.getByRole('button', { name: 'Search' }).click();
    await expectListed(visitor.page, ['Dr. Noor Haddad']);

    await visitor.page.getByLabel('Area of expertise').selectOption('');
    await visitor.page.getByLabel('Consultation type').selectOption('Video consultation');
    await visitor.page.getByRole('button', { name: 'Search' }).click();
    await expectListed(visitor.page, ['Dr. Amara Okafor']);

    // A shared link with the text search; then a combination nobody fits.
    await visit(visitor.page, '/find-doctors?q=haddad');
    await expectListed(visitor.page, ['Dr. Noor Haddad']);
    expect(await visitor.page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('haddad');
    await visitor.page.getByLabel('Specialty').selectOption(DOCTOR_ANSWERS.specialty);
    await visitor.page.getByRole('button', { name: 'Search' }).click();
    await visitor.page.getByTestId('no-doctors').waitFor();
    expect(await visitor.page.getByTestId('doctor-card').count()).toBe(0);
    await expectNoAxeViolations(visitor.page);

    // --- The public profile -------------------------------------------------------------------
    await visitor.page.getByRole('link', { name: 'Show all doctors' }).click();
    await expectListed(visitor.page, ['Dr. Amara Okafor', 'Dr. Noor Haddad']);
    await visitor.page.getByRole('link', { name: 'Dr. Amara Okafor' }).click();
    await expect.poll(() => pathOf(visitor.page)).toMatch(/^\/doctors\/[0-9a-f-]{36}$/);
    await expectOneHeading(visitor.page, 'Dr. Amara Okafor');
    await visitor.page.getByText('Verified doctor').waitFor();
    expect(await visitor.page.getByTestId('doctor-bio').innerText()).toBe(DOCTOR_ANSWERS.bio);
    expect(await visitor.page.getByText(DOCTOR_ANSWERS.licenseState).count()).toBeGreaterThan(0);
    expect(await visitor.page.content()).not.toContain(DOCTOR_ANSWERS.licenseNumber);
    await expectNoAxeViolations(visitor.page);
    const profilePath = pathOf(visitor.page);

    // Loaded directly: the server renders the profile into the page (never the license number), and an unknown
    // one as 404.
    const direct = await visit(visitor.page, profilePath);
    expect(await direct?.text()).toContain('Dr. Amara Okafor');
    await expectOneHeading(visitor.page, 'Dr. Amara Okafor');
    expect(await visitor.page.content()).not.toContain(DOCTOR_ANSWERS.licenseNumber);
    const unknown = await visit(visitor.page, '/doctors/00000000-0000-4000-8000-000000000000');
    expect(unknown?.status()).toBe(404);
    await expectOneHeading(visitor.page, 'Doctor not found');
    await expectNoAxeViolations(visitor.page);

    // --- The doctor sees the decision ---------------------------------------------------------
    await visit(doctor.page, '/doctor-dashboard');
    await expect.poll(() => doctor.page.getByTestId('verification-status').innerText()).toBe('Verified');
    expect(await doctor.page.getByRole('link', { name: 'See your public profile' }).getAttribute('href')).toBe(
      profilePath,
    );
    await doctor.page.getByText('No stories are asking for professional input right now.', { exact: false }).waitFor();
    await expectNoAxeViolations(doctor.page);
  }, 180_000);

  it('shows a patient no access to the doctor dashboard, and a moderator none to the verification queue', async () => {
    const patient = await suite.newPage();
    await signUpThroughApi(patient.context, { role: 'patient' });
    await expectNoAccessView(patient.page, '/doctor-dashboard', /^Doctor Dashboard/);
    expect((await patient.context.request.get('/api/doctor/dashboard')).status()).toBe(403);

    const moderator = await suite.newPage();
    await signInAsAdmin(moderator.context, suite.site, 'moderator');
    await expectNoAccessView(moderator.page, '/admin-doctors', /^Doctor Verification/);
    expect((await moderator.context.request.get('/api/admin/doctor-verifications')).status()).toBe(403);

    // Signed out, the dashboard asks for a sign-in that comes back here.
    const visitor = await suite.newPage();
    await visit(visitor.page, '/doctor-dashboard');
    await expectOneHeading(visitor.page, 'Please sign in');
    expect(await visitor.page.getByRole('link', { name: 'Sign in' }).last().getAttribute('href')).toBe(
      '/login?returnTo=%2Fdoctor-dashboard',
    );
    await expectNoAxeViolations(visitor.page);
  }, 90_000);
});
