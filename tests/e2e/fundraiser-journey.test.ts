/**
 * A patient's fundraiser from application to a paid expense (issue 18), each person in her own browser: she
 * applies, a doctor she asks attests her plan, a manager approves, a donor gives on a phone and gets her receipt, a
 * manager records the gift, the owner files an expense with its receipt, one manager approves it, another releases
 * it, and the fundraiser's public page shows the doctor and the payment.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox } from '../../src/server/db/schema/index.ts';
import { STRONG_PASSWORD } from '../setup/accounts.ts';
import { PDF } from '../factories/spending.ts';
import {
  browserSuite,
  expectNoAxeViolations,
  giveHealthConsentThroughApi,
  PHONE,
  signInAsAdmin,
  signUpSettledThroughApi,
  toastText,
  verifiedDoctorThroughApi,
  visit,
  type Page,
} from './fixtures.ts';

const suite = browserSuite();
const db = () => suite.site.database.db;
const TITLE = 'Excision surgery for Lena';
const PAYEE = 'Riverside Women’s Clinic';
const RECEIPT = { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF };

/** Opens the money pages' password window at this page (the step-up every money action needs). */
async function unlock(page: Page) {
  await visit(page, '/admin-donations');
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('heading', { level: 1, name: 'Donation Management' }).waitFor();
}

describe('a patient’s fundraiser, end to end', () => {
  it('goes from her application to a gift, a paid expense and its public ledger', async () => {
    // --- She applies ---------------------------------------------------------------------------
    const patient = await suite.newPage(PHONE);
    const person = await signUpSettledThroughApi(patient.context, suite.site, { role: 'patient', firstName: 'Lena' });
    // Asking a doctor below shares her health data: she has consented to that (decision 017).
    await giveHealthConsentThroughApi(patient.context, suite.site);
    await visit(patient.page, '/my-fundraiser');
    await patient.page.getByLabel('Title').fill(TITLE);
    await patient.page
      .getByLabel('Your story')
      .fill('Eight years of pain before a diagnosis. One operation can remove the endometriosis for good.');
    await patient.page.getByLabel('Surgery (surgeon, anaesthesia, hospital)').fill('6000');
    await patient.page.getByLabel('Name of the care provider or payee').fill(PAYEE);
    await patient.page.getByRole('radio', { name: /^The care provider/ }).check();
    await patient.page
      .getByLabel('How the money reaches the care provider')
      .fill('The clinic invoices the organisation, which pays it by bank transfer.');
    await patient.page.getByLabel('Add documents').setInputFiles({ ...RECEIPT, name: 'treatment-plan.pdf' });
    await patient.page.getByText(/^Uploaded \(PDF/).waitFor();
    await patient.page.getByRole('button', { name: 'Submit for review' }).click();
    await patient.page.getByText('Status: Waiting for review.').waitFor();

    // --- A doctor she asks attests her plan ----------------------------------------------------
    const doctor = await suite.newPage(PHONE);
    await verifiedDoctorThroughApi(doctor.context, suite.site, { firstName: 'Imani', lastName: 'Okafor' });
    await patient.page.getByLabel('Search verified doctors by name or expertise').fill('Okafor');
    await patient.page.getByRole('button', { name: 'Search' }).click();
    await patient.page.getByRole('button', { name: 'Ask Dr. Imani Okafor' }).click();
    await patient.page.getByRole('button', { name: 'Ask Dr. Imani Okafor and share my documents' }).click();
    await expect.poll(() => toastText(patient.page)).toContain('Request sent');
    await visit(doctor.page, '/doctor-dashboard');
    const request = doctor.page.getByRole('article', { name: TITLE });
    await request.getByRole('button', { name: 'Open the application' }).click();
    await request.getByRole('button', { name: 'Attest…' }).click();
    await doctor.page.getByLabel('Your note for the patient').fill('The plan matches standard excision surgery.');
    await doctor.page.getByLabel(/I am not this patient, not her relative/).check();
    await doctor.page.getByRole('button', { name: 'Attest the plan' }).click();
    await expect.poll(() => toastText(doctor.page)).toContain('Plan attested');

    // --- A manager approves it -----------------------------------------------------------------
    const managerA = await suite.newPage();
    await signInAsAdmin(managerA.context, suite.site, 'manager', { firstName: 'Ada', lastName: 'Approver' });
    await visit(managerA.page, '/admin-fundraisers');
    const application = managerA.page.getByTestId('reviewed-fundraiser').filter({ hasText: TITLE });
    await application.getByText('Open the application').click();
    await application.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toastText(managerA.page)).toContain('Fundraiser approved');

    // --- A donor finds it on her phone and gives -----------------------------------------------
    const donor = await suite.newPage(PHONE);
    await visit(donor.page, '/fundraisers');
    await donor.page.getByRole('link', { name: TITLE }).click();
    await donor.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await donor.page.getByText('Medically reviewed by Dr. Imani Okafor').waitFor();
    await donor.page.getByRole('link', { name: 'Donate' }).first().click();
    await donor.page.getByRole('heading', { level: 1, name: /^Support .+’s fundraiser$/ }).waitFor();
    await donor.page.getByText(TITLE, { exact: true }).waitFor();
    await expectNoAxeViolations(donor.page);
    await donor.page.getByLabel('Custom amount (USD)').fill('250');
    await donor.page.getByLabel('Your name', { exact: true }).fill('Grace Giver');
    await donor.page.getByLabel('Email for your thank-you and receipt').fill('grace.giver@example.org');
    const opened = donor.context.waitForEvent('page');
    await donor.page.getByRole('button', { name: /^PayPal/ }).click();
    await (await opened).close();
    await expect.poll(() => toastText(donor.page)).toContain('Intent Saved');

    // --- The manager records the gift from its intent; the donor is mailed her receipt --------
    await unlock(managerA.page);
    const intent = managerA.page.getByTestId('intents-list').getByRole('listitem').filter({ hasText: TITLE });
    await intent.getByRole('button', { name: /^Record/ }).click();
    await managerA.page.getByLabel('Payment method').selectOption('PayPal');
    await managerA.page.getByLabel('External reference (optional)').fill('PP-2501');
    await managerA.page.getByRole('button', { name: 'Add Donation' }).click();
    await expect.poll(() => toastText(managerA.page)).toContain('Donation Added');
    await expect
      .poll(async () =>
        (await db().select().from(outbox).where(eq(outbox.to, 'grace.giver@example.org'))).map((m) => m.text).join(),
      )
      .toContain('$250.00');

    // --- The owner files an expense with its receipt -------------------------------------------
    await visit(patient.page, '/my-fundraiser');
    await patient.page
      .getByRole('link', { name: /expenses/i })
      .first()
      .click();
    await patient.page.getByRole('link', { name: 'Submit an expense' }).click();
    await patient.page.getByLabel('What it is for').selectOption('surgery');
    await patient.page.getByLabel('Payee', { exact: true }).fill(PAYEE);
    await patient.page.getByLabel('Kind of payee').selectOption('Hospital or clinic');
    await patient.page.getByLabel('Amount', { exact: true }).fill('200');
    await patient.page.getByLabel('Date of the expense').fill('2026-11-20');
    await patient.page.getByLabel('What it paid for').fill('Pre-operative consultation and imaging');
    await patient.page.getByLabel('Add documents').setInputFiles(RECEIPT);
    await patient.page.getByRole('link', { name: /invoice\.pdf/ }).waitFor();
    await patient.page.getByRole('button', { name: 'Submit expense' }).click();
    await patient.page.getByTestId('expense').filter({ hasText: PAYEE }).waitFor();

    // --- One manager approves it, another releases it ------------------------------------------
    await visit(managerA.page, '/admin-expenses');
    const toApprove = managerA.page.getByTestId('admin-expense').filter({ hasText: PAYEE });
    const facts = await toApprove.innerText();
    expect(facts).toContain(`Paid from\nThe fundraiser “${TITLE}”`);
    expect(facts).toContain('Surgery (surgeon, anaesthesia, hospital)');
    await toApprove.getByRole('button', { name: new RegExp(`^Approve ${PAYEE}`) }).click();
    await expect.poll(() => toastText(managerA.page)).toContain('Approval recorded');

    const managerB = await suite.newPage();
    await signInAsAdmin(managerB.context, suite.site, 'manager', { firstName: 'Bea', lastName: 'Releaser' });
    await unlock(managerB.page);
    await visit(managerB.page, '/admin-expenses');
    const toRelease = managerB.page.getByTestId('admin-expense').filter({ hasText: PAYEE });
    await toRelease.getByRole('button', { name: new RegExp(`^Release ${PAYEE}`) }).click();
    await toRelease.getByLabel('How it was paid').fill('Bank transfer');
    await toRelease.getByRole('button', { name: 'Confirm release' }).click();
    await expect.poll(() => toastText(managerB.page)).toContain('Release recorded');

    // --- The fundraiser's public ledger shows it -----------------------------------------------
    const visitor = await suite.newPage(PHONE);
    await visit(visitor.page, '/fundraisers');
    await visitor.page.getByRole('link', { name: TITLE }).click();
    await expect.poll(() => visitor.page.getByTestId('total-raisedCents').innerText()).toBe('$250.00');
    expect(await visitor.page.getByTestId('total-releasedCents').innerText()).toBe('$200.00');
    expect(await visitor.page.getByTestId('released-surgery').innerText()).toBe('$200.00 released so far');
    const releases = await visitor.page.getByTestId('releases-table').innerText();
    expect(releases).toContain('$200.00');
    // Under the fundraiser's own group, as its plan names it (not the main appeal's "Surgery").
    expect(releases).toContain('Surgery (surgeon, anaesthesia, hospital)');
    await expectNoAxeViolations(visitor.page);
    const mailed = await db().select().from(outbox).where(eq(outbox.to, person.email));
    expect(mailed.map((m) => m.subject).join('\n')).toContain('is approved and live');
  }, 240_000);
});
