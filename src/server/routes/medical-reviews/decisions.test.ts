/**
 * Medical review, the doctor's side (issue 18): her requests, the application while granted, attesting with the
 * conflict declaration or declining with a note, every refusal, and what the public sees of an attestation.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DoctorMedicalReviewItem, MedicalReviewApplication } from '#shared/schemas/medical-reviews.ts';
import type { Page } from '#shared/schemas/paging.ts';
import { setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith, signUpSettled } from '../../../../tests/setup/accounts.ts';
import { signedInAdminForSuite } from '../../../../tests/factories/users.ts';
import { completeApplication, liveFundraiser } from '../../../../tests/factories/fundraisers.ts';
import {
  askForReview,
  ATTESTATION,
  decideReview,
  revokeReview,
  signedInDoctor,
} from '../../../../tests/factories/medical-reviews.ts';
import { doctorProfiles, fundraisers, medicalReviews, notifications, outbox, users } from '../../db/schema/index.ts';

const t = setupTestApp();
const db = () => t.database.db;
const manager = signedInAdminForSuite(t, 'manager');

/** A patient's application (live when asked) with a request to a new verified doctor. */
async function requested(options: { live?: boolean } = {}) {
  const live = options.live ? await liveFundraiser(t, manager.cookie) : null;
  const patient = live ?? (await completeApplication(t));
  const doctor = await signedInDoctor(t, { firstName: 'Imani', lastName: 'Okafor' });
  const asked = await askForReview(t, patient.cookie, doctor.id);
  expect(asked.statusCode, asked.body).toBe(201);
  return { patient, doctor, reviewId: asked.json().review.id as string, slug: (live?.approved.slug ?? '') as string };
}

const publicPage = async (slug: string) => {
  const res = await t.app.inject(`/api/fundraisers/${slug}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const mailTo = async (email: string) => db().select().from(outbox).where(eq(outbox.to, email));

describe('the doctor’s requests and the application', () => {
  it('lists her requests and opens the application while granted: title, story, costs, payee name, documents', async () => {
    const { patient, doctor, reviewId } = await requested();
    const list = await getWith(t.app, '/api/doctor/medical-reviews', doctor.cookie);
    expect(list.statusCode).toBe(200);
    expect((list.json() as Page<DoctorMedicalReviewItem>).items).toEqual([
      expect.objectContaining({
        id: reviewId,
        status: 'requested',
        granted: true,
        fundraiserTitle: 'Surgery for endometriosis',
        patientName: 'Rosa T.',
      }),
    ]);
    const opened = await getWith(t.app, `/api/doctor/medical-reviews/${reviewId}`, doctor.cookie);
    expect(opened.statusCode).toBe(200);
    const application = opened.json() as MedicalReviewApplication;
    expect(application.fundraiser).toMatchObject({
      title: 'Surgery for endometriosis',
      story: expect.stringContaining('Nine years'),
      goalCents: 945_050,
      payeeName: 'Riverside Women’s Clinic',
      documents: [expect.objectContaining({ id: patient.documentId, url: `/api/uploads/${patient.documentId}` })],
    });
    expect(application.fundraiser.costGroups.map((g) => g.key)).toEqual(['surgery', 'travel']);
    // How the money reaches the clinic is for the managers, not the reviewing doctor.
    expect(opened.body).not.toContain('invoices the organisation');
  });

  it('refuses a doctor the directory does not list: nothing to read, 404 on a request not hers, 403 on hers', async () => {
    const { reviewId, doctor } = await requested();
    const pending = await signedInDoctor(t, { status: 'pending' });
    const list = await getWith(t.app, '/api/doctor/medical-reviews', pending.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ items: [], total: 0 });
    expect((await getWith(t.app, `/api/doctor/medical-reviews/${reviewId}`, pending.cookie)).statusCode).toBe(404);
    expect((await decideReview(t, pending.cookie, reviewId, 'attest')).statusCode).toBe(404);
    // The doctor she asked, once no longer verified.
    await db()
      .update(doctorProfiles)
      .set({ verificationStatus: 'rejected' })
      .where(eq(doctorProfiles.userId, doctor.id));
    const attest = await decideReview(t, doctor.cookie, reviewId, 'attest');
    expect(attest.statusCode).toBe(403);
    expect(attest.json().message).toBe('Only verified doctors can review fundraisers');
    expect((await decideReview(t, doctor.cookie, reviewId, 'decline')).statusCode).toBe(403);
    // Her requests are no longer shown to her, nor the application she was asked to review.
    expect((await getWith(t.app, '/api/doctor/medical-reviews', doctor.cookie)).json().total).toBe(0);
    expect((await getWith(t.app, `/api/doctor/medical-reviews/${reviewId}`, doctor.cookie)).statusCode).toBe(404);
  });

  it('answers 404 to a doctor who was not asked, and for an unknown request', async () => {
    const { reviewId } = await requested();
    const other = await signedInDoctor(t);
    expect((await getWith(t.app, `/api/doctor/medical-reviews/${reviewId}`, other.cookie)).statusCode).toBe(404);
    expect((await decideReview(t, other.cookie, reviewId, 'attest')).statusCode).toBe(404);
    expect((await decideReview(t, other.cookie, reviewId, 'decline')).statusCode).toBe(404);
    expect((await decideReview(t, other.cookie, crypto.randomUUID(), 'attest')).statusCode).toBe(404);
    expect((await getWith(t.app, '/api/doctor/medical-reviews/not-an-id', other.cookie)).statusCode).toBe(400);
  });

  it('refuses the doctor’s own fundraiser (403)', async () => {
    const doctor = await signedInDoctor(t);
    // A fundraiser her account owns (opened before her role changed): no patient route makes one.
    const [own] = await db().insert(fundraisers).values({ ownerId: doctor.id, title: 'My own surgery' }).returning();
    const [review] = await db()
      .insert(medicalReviews)
      .values({ fundraiserId: own!.id, doctorId: doctor.id })
      .returning();
    const res = await decideReview(t, doctor.cookie, review!.id, 'attest');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot review your own fundraiser');
    expect((await getWith(t.app, `/api/doctor/medical-reviews/${review!.id}`, doctor.cookie)).statusCode).toBe(403);
  });
});

describe('attesting', () => {
  it('needs the conflict declaration ticked and a note (400), and writes nothing without them', async () => {
    const { doctor, reviewId } = await requested();
    for (const body of [
      { note: ATTESTATION.note },
      { note: ATTESTATION.note, noConflict: false },
      { note: ATTESTATION.note, noConflict: 'yes' },
    ]) {
      const res = await decideReview(t, doctor.cookie, reviewId, 'attest', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('noConflict');
    }
    const short = await decideReview(t, doctor.cookie, reviewId, 'attest', { note: 'Fine', noConflict: true });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toHaveProperty('note');
    const [row] = await db().select().from(medicalReviews).where(eq(medicalReviews.id, reviewId));
    expect(row).toMatchObject({ status: 'requested', note: null, noConflictDeclaredAt: null });
  });

  it('attests: the patient is notified and mailed, reads the note, and the public page names the doctor', async () => {
    const { patient, doctor, reviewId, slug } = await requested({ live: true });
    expect((await publicPage(slug)).json().medicalReview).toBeNull();

    const attested = await decideReview(t, doctor.cookie, reviewId, 'attest');
    expect(attested.statusCode, attested.body).toBe(200);
    expect(attested.json()).toMatchObject({ id: reviewId, status: 'attested', granted: true });
    const [row] = await db().select().from(medicalReviews).where(eq(medicalReviews.id, reviewId));
    expect(row).toMatchObject({
      note: ATTESTATION.note,
      noConflictDeclaredAt: expect.any(Date),
      attestedPlan: { goalCents: 945_050, documentIds: [patient.documentId] },
    });

    const mine = (await getWith(t.app, '/api/my-fundraiser/medical-review', patient.cookie)).json().review;
    expect(mine).toMatchObject({ status: 'attested', note: ATTESTATION.note, decidedAt: expect.any(String) });
    const notices = await db().select().from(notifications).where(eq(notifications.userId, patient.user.id));
    expect(notices.map((n) => n.title)).toContain(`${doctor.name} medically reviewed your fundraiser's plan`);
    const mails = await mailTo(patient.person.email);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining(`${doctor.name} medically reviewed`)]),
    );

    const page = await publicPage(slug);
    expect(page.json().medicalReview).toEqual({
      id: doctor.id,
      name: doctor.name,
      specialty: 'Obstetrics & Gynecology',
    });
    // The note and the declaration stay private.
    expect(page.body).not.toContain(ATTESTATION.note);
    expect(page.body).not.toContain('noConflict');
    // The doctor keeps reading what she attested until the patient takes it back.
    expect((await getWith(t.app, `/api/uploads/${patient.documentId}`, doctor.cookie)).statusCode).toBe(200);
  });

  it('refuses a second decision (409) and a request the patient withdrew (404)', async () => {
    const { patient, doctor, reviewId } = await requested();
    expect((await decideReview(t, doctor.cookie, reviewId, 'attest')).statusCode).toBe(200);
    for (const decision of ['attest', 'decline'] as const) {
      const again = await decideReview(t, doctor.cookie, reviewId, decision);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('You have already decided on this request');
    }
    // Revoking an attestation ends it, and the grant with it.
    expect((await revokeReview(t, patient.cookie)).json().review.status).toBe('revoked');
    expect((await decideReview(t, doctor.cookie, reviewId, 'attest')).statusCode).toBe(404);
    expect((await getWith(t.app, `/api/uploads/${patient.documentId}`, doctor.cookie)).statusCode).toBe(404);
  });

  it('no longer shows on the public page once revoked, or once the doctor is no longer listed', async () => {
    const live = await requested({ live: true });
    const { slug } = live;
    expect((await decideReview(t, live.doctor.cookie, live.reviewId, 'attest')).statusCode).toBe(200);
    expect((await publicPage(slug)).json().medicalReview).not.toBeNull();
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, live.doctor.id));
    expect((await publicPage(slug)).json().medicalReview).toBeNull();
    await db().update(users).set({ status: 'active' }).where(eq(users.id, live.doctor.id));
    expect((await revokeReview(t, live.patient.cookie)).statusCode).toBe(200);
    expect((await publicPage(slug)).json().medicalReview).toBeNull();
  });
});

describe('declining', () => {
  it('declines with a note: the grant ends, the patient is mailed and may ask another doctor', async () => {
    const { patient, doctor, reviewId } = await requested();
    const noNote = await decideReview(t, doctor.cookie, reviewId, 'decline', {});
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().fieldErrors).toHaveProperty('note');

    const declined = await decideReview(t, doctor.cookie, reviewId, 'decline');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', granted: false });
    expect((await getWith(t.app, `/api/uploads/${patient.documentId}`, doctor.cookie)).statusCode).toBe(404);
    expect((await getWith(t.app, `/api/doctor/medical-reviews/${reviewId}`, doctor.cookie)).statusCode).toBe(404);
    const mine = (await getWith(t.app, '/api/my-fundraiser/medical-review', patient.cookie)).json().review;
    expect(mine).toMatchObject({ status: 'declined', note: expect.stringMatching(/outside my specialty/) });
    expect((await mailTo(patient.person.email)).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining(`${doctor.name} declined`)]),
    );
    const another = await signedInDoctor(t);
    expect((await askForReview(t, patient.cookie, another.id)).statusCode).toBe(201);
  });

  it('is refused to anyone but a doctor, and to a patient calling the doctor’s route', async () => {
    const { reviewId, patient } = await requested();
    expect((await decideReview(t, patient.cookie, reviewId, 'decline')).statusCode).toBe(403);
    const donor = await signUpSettled(t.app, db(), { role: 'donor' });
    expect((await decideReview(t, donor.cookie, reviewId, 'attest')).statusCode).toBe(403);
  });
});
