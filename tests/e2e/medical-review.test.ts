/**
 * Medical review on a phone (issue 18): a patient asks a verified doctor to review her live fundraiser's plan,
 * sharing her documents; the doctor opens them from her dashboard and attests with the conflict declaration; the
 * public page names the doctor; the patient takes the access back and the doctor reads nothing any more.
 */
import { describe, expect, it } from 'vitest';
import { campaigns, fundraiserDocuments, fundraisers, uploads } from '../../src/server/db/schema/index.ts';
import { PDF } from '../factories/spending.ts';
import {
  browserSuite,
  expectNoAxeViolations,
  signUpSettledThroughApi,
  toastText,
  verifiedDoctorThroughApi,
  visit,
  giveHealthConsentThroughApi,
} from './fixtures.ts';

const suite = browserSuite();
const db = () => suite.site.database.db;
const PHONE = { viewport: { width: 390, height: 844 } };
const SHOTS = process.env.SCREENSHOT_DIR;

/** Her live fundraiser with its plan document, as an approval leaves it. */
async function liveFundraiser(ownerId: string) {
  const [campaign] = await db()
    .insert(campaigns)
    .values({ slug: `excision-surgery-${Date.now()}`, goalCents: 945_050, currency: 'USD', ownerId })
    .returning();
  const [fundraiser] = await db()
    .insert(fundraisers)
    .values({
      ownerId,
      status: 'live',
      title: 'Excision surgery in Portland',
      story: 'Nine years of pain before a diagnosis; now a surgeon can remove the endometriosis in one operation.',
      costGroups: [{ key: 'surgery', amountCents: 945_050, note: 'Excision surgery and two nights in hospital' }],
      goalCents: 945_050,
      payee: { name: 'Riverside Clinic', kind: 'care_provider', route: 'The clinic invoices us and we pay it.' },
      campaignId: campaign!.id,
      submittedAt: new Date(),
    })
    .returning();
  const [plan] = await db()
    .insert(uploads)
    .values({ ownerId, purpose: 'fundraiser_document', contentType: 'application/pdf', size: PDF.length, bytes: PDF })
    .returning();
  await db().insert(fundraiserDocuments).values({ fundraiserId: fundraiser!.id, uploadId: plan!.id });
  return { slug: campaign!.slug, documentId: plan!.id };
}

describe('medical review', () => {
  it('a patient asks a doctor, the doctor attests, the public page names her, and the patient takes access back', async () => {
    const doctorSide = await suite.newPage(PHONE);
    const doctor = await verifiedDoctorThroughApi(doctorSide.context, suite.site, {
      firstName: 'Imani',
      lastName: 'Okafor',
    });
    const patientSide = await suite.newPage(PHONE);
    const patient = await signUpSettledThroughApi(patientSide.context, suite.site, {
      role: 'patient',
      firstName: 'Paula',
    });
    const { slug, documentId } = await liveFundraiser(patient.id);
    // Asking a doctor shares her health data: she has consented to that (decision 017).
    await giveHealthConsentThroughApi(patientSide.context, suite.site);

    // The patient finds the doctor and is told what asking shares before she confirms.
    const { page } = patientSide;
    await visit(page, '/my-fundraiser');
    await page.getByRole('heading', { name: 'Medical review (optional)' }).waitFor();
    await page.getByLabel('Search verified doctors by name or expertise').fill('Okafor');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'Ask Dr. Imani Okafor' }).click();
    await page.getByText('Dr. Imani Okafor will be able to open your documents').waitFor();
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/medical-review-ask.png`, fullPage: true });
    // A hurried double tap: both taps are answered as sent, none as an error beside the notice that she was asked.
    const answers: number[] = [];
    page.on('response', (res) => {
      if (res.request().method() === 'POST' && res.url().endsWith('/api/my-fundraiser/medical-review'))
        answers.push(res.status());
    });
    await page.getByRole('button', { name: 'Ask Dr. Imani Okafor and share my documents' }).dblclick();
    await expect.poll(() => toastText(page)).toContain('Request sent');
    await page.getByText('You asked Dr. Imani Okafor').waitFor();
    expect(answers.every((status) => status === 200 || status === 201)).toBe(true);
    expect(await toastText(page)).not.toContain('Not sent');
    await page.getByRole('button', { name: 'Cancel the request and take back access' }).waitFor();

    // The doctor opens the application and its document, and attests only with the declaration ticked.
    const doc = doctorSide.page;
    await visit(doc, '/doctor-dashboard');
    const request = doc.getByRole('article', { name: 'Excision surgery in Portland' });
    await request.getByText('Waiting for you').waitFor();
    await request.getByRole('button', { name: 'Open the application' }).click();
    await request.getByText('Excision surgery and two nights in hospital').waitFor();
    await request.getByRole('link', { name: /Document 1 \(PDF/ }).waitFor();
    expect((await doctorSide.context.request.get(`/api/uploads/${documentId}`)).status()).toBe(200);
    await request.getByRole('button', { name: 'Attest…' }).click();
    await doc.getByLabel('Your note for the patient').fill('The plan matches standard excision surgery for stage III.');
    await doc.getByRole('button', { name: 'Attest the plan' }).click();
    await doc.getByText(/Confirm: I am not this patient/).waitFor();
    await doc.getByLabel(/I am not this patient, not her relative/).check();
    await expectNoAxeViolations(doc);
    if (SHOTS) await doc.screenshot({ path: `${SHOTS}/medical-review-attest.png`, fullPage: true });
    await doc.getByRole('button', { name: 'Attest the plan' }).click();
    await expect.poll(() => toastText(doc)).toContain('Plan attested');
    await request.getByText('You attested').waitFor();

    // Anyone reading the fundraiser sees who reviewed it, linking to her profile; never the note.
    const reader = (await suite.newPage(PHONE)).page;
    await visit(reader, `/fundraisers/${slug}`);
    const line = reader.getByTestId('medically-reviewed');
    await line.waitFor();
    expect(await line.innerText()).toBe('Medically reviewed by Dr. Imani Okafor, Obstetrics & Gynecology');
    expect(await line.getByRole('link').getAttribute('href')).toBe(`/doctors/${doctor.id}`);
    expect(await reader.getByText('standard excision surgery for stage III').count()).toBe(0);
    await expectNoAxeViolations(reader);
    if (SHOTS) await reader.screenshot({ path: `${SHOTS}/medical-review-public.png`, fullPage: true });

    // The patient reads the note, then takes the access back: the doctor's document link stops working at once.
    await visit(page, '/my-fundraiser');
    await page.getByText('The plan matches standard excision surgery for stage III.').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Take back access' }).click();
    await expect.poll(() => toastText(page)).toContain('Access taken back');
    expect((await doctorSide.context.request.get(`/api/uploads/${documentId}`)).status()).toBe(404);
    await visit(reader, `/fundraisers/${slug}`);
    await reader.getByRole('heading', { level: 1, name: 'Excision surgery in Portland' }).waitFor();
    expect(await reader.getByTestId('medically-reviewed').count()).toBe(0);
  }, 120_000);
});
