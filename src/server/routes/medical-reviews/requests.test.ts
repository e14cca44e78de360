/**
 * Medical review, the patient's side (issue 18): she asks a verified doctor from the directory and so grants her
 * documents; every refusal; the grant opens the documents to that doctor alone and closes at once when revoked.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MyMedicalReview } from '#shared/schemas/medical-reviews.ts';
import { setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith, signUpSettled } from '../../../../tests/setup/accounts.ts';
import {
  completeApplication,
  fullDraft,
  saveFundraiser,
  uploadFundraiserFile,
} from '../../../../tests/factories/fundraisers.ts';
import { askForReview, revokeReview, signedInDoctor } from '../../../../tests/factories/medical-reviews.ts';
import { doctorProfiles, fundraiserEvents, fundraisers, notifications, users } from '../../db/schema/index.ts';

const t = setupTestApp();
const db = () => t.database.db;

const myReview = async (cookie: string) => {
  const res = await getWith(t.app, '/api/my-fundraiser/medical-review', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { review: MyMedicalReview | null }).review;
};
const statusOf = async (url: string, cookie: string) => (await getWith(t.app, url, cookie)).statusCode;

describe('asking a doctor for a medical review', () => {
  it('from a draft: the verified doctor is asked, told, and named on her page; the history records it', async () => {
    const patient = await completeApplication(t);
    const doctor = await signedInDoctor(t, { firstName: 'Imani', lastName: 'Okafor' });
    expect(await myReview(patient.cookie)).toBeNull();

    const asked = await askForReview(t, patient.cookie, doctor.id);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().review).toMatchObject({
      status: 'requested',
      doctor: { id: doctor.id, name: 'Dr. Imani Okafor', specialty: 'Obstetrics & Gynecology' },
      note: null,
      decidedAt: null,
    });
    expect(await myReview(patient.cookie)).toMatchObject({ status: 'requested' });
    const told = await db().select().from(notifications).where(eq(notifications.userId, doctor.id));
    expect(told).toEqual([
      expect.objectContaining({ type: 'medical_review', link: '/doctor-dashboard', title: expect.any(String) }),
    ]);
    // The doctor's notice names no patient: only the fundraiser's title.
    expect(told[0]!.body).not.toContain('Rosa');
    const history = await db()
      .select()
      .from(fundraiserEvents)
      .where(eq(fundraiserEvents.fundraiserId, patient.fundraiser.id));
    expect(history.map((e) => e.action)).toContain('medical_review_requested');
  });

  it('refuses a doctor the directory does not list, an unknown or malformed id, and asking before saving', async () => {
    const patient = await completeApplication(t);
    const pending = await signedInDoctor(t, { status: 'pending' });
    const rejected = await signedInDoctor(t, { status: 'rejected' });
    const suspended = await signedInDoctor(t);
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.id));
    const otherPatient = await signUpSettled(t.app, db(), { role: 'patient' });
    for (const doctorId of [pending.id, rejected.id, suspended.id, otherPatient.user.id, crypto.randomUUID()]) {
      const res = await askForReview(t, patient.cookie, doctorId);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('No verified doctor has this id');
    }
    const malformed = await askForReview(t, patient.cookie, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toHaveProperty('doctorId');

    const newcomer = await signUpSettled(t.app, db(), { role: 'patient' });
    const doctor = await signedInDoctor(t);
    const early = await askForReview(t, newcomer.cookie, doctor.id);
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toMatch(/Save your fundraiser/);
    expect(await myReview(newcomer.cookie)).toBeNull();
  });

  it('allows one open request at a time: a second doctor is refused until she cancels the first', async () => {
    const patient = await completeApplication(t);
    const first = await signedInDoctor(t);
    const second = await signedInDoctor(t);
    expect((await askForReview(t, patient.cookie, first.id)).statusCode).toBe(201);
    const again = await askForReview(t, patient.cookie, second.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/cancel it/) });

    const cancelled = await revokeReview(t, patient.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().review).toMatchObject({ status: 'revoked', endedAt: expect.any(String) });
    expect((await askForReview(t, patient.cookie, second.id)).statusCode).toBe(201);
    expect(await myReview(patient.cookie)).toMatchObject({ status: 'requested', doctor: { id: second.id } });
    // The doctor she no longer asks is told.
    const told = await db()
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, first.id));
    expect(told.map((n) => n.title)).toContain('A patient withdrew her request for a medical review');
  });

  it('answers a repeated request to the same doctor with it (200), unchanged, and tells her once', async () => {
    const patient = await completeApplication(t);
    const doctor = await signedInDoctor(t);
    // A double tap: two requests at once, then one more from another tab after they arrived.
    const both = await Promise.all([
      askForReview(t, patient.cookie, doctor.id),
      askForReview(t, patient.cookie, doctor.id),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 201]);
    const later = await askForReview(t, patient.cookie, doctor.id);
    expect(later.statusCode, later.body).toBe(200);
    for (const res of [...both, later]) expect(res.json().review).toEqual(both[0]!.json().review);
    expect(await myReview(patient.cookie)).toMatchObject({ status: 'requested', doctor: { id: doctor.id } });
    const told = await db().select().from(notifications).where(eq(notifications.userId, doctor.id));
    expect(told).toHaveLength(1);
    const history = await db()
      .select()
      .from(fundraiserEvents)
      .where(eq(fundraiserEvents.fundraiserId, patient.fundraiser.id));
    expect(history.filter((e) => e.action === 'medical_review_requested')).toHaveLength(1);
  });

  it('answers a second take-back with where the request stands (200), and tells the doctor once', async () => {
    const patient = await completeApplication(t);
    const doctor = await signedInDoctor(t);
    expect((await askForReview(t, patient.cookie, doctor.id)).statusCode).toBe(201);
    const first = await revokeReview(t, patient.cookie);
    expect(first.statusCode, first.body).toBe(200);
    const again = await revokeReview(t, patient.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const told = await db().select().from(notifications).where(eq(notifications.userId, doctor.id));
    expect(told.map((n) => n.title).filter((title) => /withdrew/.test(title))).toHaveLength(1);
  });

  it('refuses revoking when no doctor has access (404)', async () => {
    const patient = await completeApplication(t);
    const res = await revokeReview(t, patient.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No doctor has access to your fundraiser');
  });

  it('refuses a finished fundraiser: a rejected one is not open for review', async () => {
    const patient = await completeApplication(t);
    await db().update(fundraisers).set({ status: 'rejected' }).where(eq(fundraisers.id, patient.fundraiser.id));
    const doctor = await signedInDoctor(t);
    expect((await askForReview(t, patient.cookie, doctor.id)).statusCode).toBe(404);
  });
});

describe('the grant: who reads her documents', () => {
  it('opens the documents to the doctor she asked, only while granted, never her images, and closes at once', async () => {
    const patient = await completeApplication(t);
    const imageId = await uploadFundraiserFile(t, patient.cookie, 'image');
    const draft = { ...fullDraft(patient.documentId), images: [{ uploadId: imageId, alt: 'Me at the clinic' }] };
    expect((await saveFundraiser(t, patient.cookie, draft)).statusCode).toBe(200);
    const doctor = await signedInDoctor(t);
    const stranger = await signedInDoctor(t);
    const documentUrl = `/api/uploads/${patient.documentId}`;

    expect(await statusOf(documentUrl, doctor.cookie)).toBe(404);
    const review = (await askForReview(t, patient.cookie, doctor.id)).json().review as MyMedicalReview;
    const opened = await getWith(t.app, documentUrl, doctor.cookie);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-security-policy']).toBe('sandbox');
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(await statusOf(`/api/doctor/medical-reviews/${review.id}`, doctor.cookie)).toBe(200);
    // Another doctor, her images (not part of what she shares), nobody signed out.
    expect(await statusOf(documentUrl, stranger.cookie)).toBe(404);
    expect(await statusOf(`/api/doctor/medical-reviews/${review.id}`, stranger.cookie)).toBe(404);
    expect(await statusOf(`/api/uploads/${imageId}`, doctor.cookie)).toBe(404);
    expect(await statusOf(documentUrl, '')).toBe(404);

    expect((await revokeReview(t, patient.cookie)).statusCode).toBe(200);
    expect(await statusOf(documentUrl, doctor.cookie)).toBe(404);
    expect(await statusOf(`/api/doctor/medical-reviews/${review.id}`, doctor.cookie)).toBe(404);
    expect(await statusOf(documentUrl, patient.cookie)).toBe(200);
  });

  it('ends with the doctor’s verification: a doctor no longer listed reads nothing', async () => {
    const patient = await completeApplication(t);
    const doctor = await signedInDoctor(t);
    expect((await askForReview(t, patient.cookie, doctor.id)).statusCode).toBe(201);
    expect(await statusOf(`/api/uploads/${patient.documentId}`, doctor.cookie)).toBe(200);
    await db()
      .update(doctorProfiles)
      .set({ verificationStatus: 'pending' })
      .where(eq(doctorProfiles.userId, doctor.id));
    expect(await statusOf(`/api/uploads/${patient.documentId}`, doctor.cookie)).toBe(404);
  });

  it('follows the documents she attaches later, and drops the ones she removes', async () => {
    const patient = await completeApplication(t);
    const doctor = await signedInDoctor(t);
    expect((await askForReview(t, patient.cookie, doctor.id)).statusCode).toBe(201);
    const quote = await uploadFundraiserFile(t, patient.cookie, 'document');
    expect((await saveFundraiser(t, patient.cookie, { ...fullDraft(quote) })).statusCode).toBe(200);
    expect(await statusOf(`/api/uploads/${quote}`, doctor.cookie)).toBe(200);
    expect(await statusOf(`/api/uploads/${patient.documentId}`, doctor.cookie)).toBe(404);
  });
});
