/**
 * A fundraiser that ends takes the doctor's access with it (decision 009): when a manager refuses the application,
 * or its owner or a manager closes it, the doctor she asked reads nothing more of it, exactly as if she had taken
 * the access back herself (revoked, in the history by whoever ended it, the doctor told). An attestation already
 * given stays on the closed fundraiser's page.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MyMedicalReview } from '#shared/schemas/medical-reviews.ts';
import { injectFrom, postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith } from '../../../../tests/setup/accounts.ts';
import { signedInAdminForSuite } from '../../../../tests/factories/users.ts';
import { liveFundraiser, submittedApplication } from '../../../../tests/factories/fundraisers.ts';
import {
  askForReview,
  decideReview,
  revokeReview,
  signedInDoctor,
} from '../../../../tests/factories/medical-reviews.ts';
import { notifications, rateLimits } from '../../db/schema/index.ts';
import { decideAsManager } from '../../../../tests/factories/public-fundraisers.ts';

const t = setupTestApp();
const db = () => t.database.db;
const manager = signedInAdminForSuite(t, 'manager');

beforeEach(async () => {
  await db().delete(rateLimits);
});

const statusOf = async (url: string, cookie: string) => (await getWith(t.app, url, cookie)).statusCode;
const myReview = async (cookie: string) =>
  (await getWith(t.app, '/api/my-fundraiser/medical-review', cookie)).json().review as MyMedicalReview;
/** The doctor's dashboard row for this request. */
const dashboardRow = async (cookie: string, reviewId: string) =>
  ((await getWith(t.app, '/api/doctor/medical-reviews', cookie)).json().items as { id: string }[]).find(
    (r) => r.id === reviewId,
  );
/** The history a manager reads on the fundraiser: each step, its message and who took it. */
const historyOf = async (fundraiserId: string) =>
  (await getWith(t.app, `/api/admin/fundraisers/${fundraiserId}`, manager.cookie)).json().history as {
    action: string;
    message: string | null;
    by: string | null;
  }[];
const doctorTitles = async (doctorId: string) =>
  (await db().select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, doctorId))).map(
    (n) => n.title,
  );

/** A doctor the patient asked, who can read the application and its document until the grant ends. */
async function grantedDoctor(patient: { cookie: string; documentId: string }) {
  const doctor = await signedInDoctor(t);
  const asked = await askForReview(t, patient.cookie, doctor.id);
  expect(asked.statusCode, asked.body).toBe(201);
  const reviewId = asked.json().review.id as string;
  const urls = {
    document: `/api/uploads/${patient.documentId}`,
    application: `/api/doctor/medical-reviews/${reviewId}`,
  };
  expect(await statusOf(urls.document, doctor.cookie)).toBe(200);
  expect(await statusOf(urls.application, doctor.cookie)).toBe(200);
  return { ...doctor, reviewId, urls };
}

describe('a refused application', () => {
  it('ends the access of the doctor who attested it: her documents and application answer 404, revoked as by the patient, in the history by the manager', async () => {
    const patient = await submittedApplication(t);
    const doctor = await grantedDoctor(patient);
    expect((await decideReview(t, doctor.cookie, doctor.reviewId, 'attest')).statusCode).toBe(200);

    const refused = await decideAsManager(t.app, manager.cookie, patient.fundraiser.id, 'reject', {
      message: 'We cannot verify the clinic named as payee.',
    });
    expect(refused.statusCode, refused.body).toBe(200);

    expect(await statusOf(doctor.urls.document, doctor.cookie)).toBe(404);
    expect(await statusOf(doctor.urls.application, doctor.cookie)).toBe(404);
    expect(await dashboardRow(doctor.cookie, doctor.reviewId)).toMatchObject({ status: 'revoked', granted: false });
    expect(await myReview(patient.cookie)).toMatchObject({
      status: 'revoked',
      endedAt: expect.any(String),
      endedReason: 'The fundraiser was not approved.',
    });
    const history = await historyOf(patient.fundraiser.id);
    const revoked = history.find((h) => h.action === 'medical_review_revoked');
    expect(revoked).toMatchObject({ message: 'The fundraiser was not approved.' });
    expect(revoked!.by).toBe(history.find((h) => h.action === 'rejected')!.by);
    expect(await doctorTitles(doctor.id)).toContain('A fundraiser you were asked to review was not approved');
    // Nothing is left for her to take back.
    expect((await revokeReview(t, patient.cookie)).statusCode).toBe(404);
  });

  it('revokes a request still waiting for the doctor, who can then no longer attest it (404)', async () => {
    const patient = await submittedApplication(t);
    const doctor = await grantedDoctor(patient);
    const rejected = await decideAsManager(t.app, manager.cookie, patient.fundraiser.id, 'reject', {
      message: 'Not a medical expense.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await statusOf(doctor.urls.document, doctor.cookie)).toBe(404);
    const attest = await decideReview(t, doctor.cookie, doctor.reviewId, 'attest');
    expect(attest.statusCode).toBe(404);
    expect(attest.json().message).toBe('The patient withdrew this request');
  });

  it('leaves the access of a doctor reviewing an application sent back for changes', async () => {
    const patient = await submittedApplication(t);
    const doctor = await grantedDoctor(patient);
    const sentBack = await decideAsManager(t.app, manager.cookie, patient.fundraiser.id, 'request-changes', {
      message: 'Add the clinic’s quote.',
    });
    expect(sentBack.statusCode).toBe(200);
    expect(await statusOf(doctor.urls.document, doctor.cookie)).toBe(200);
    expect(await myReview(patient.cookie)).toMatchObject({ status: 'requested', endedAt: null });
  });
});

describe('a closed fundraiser', () => {
  it('closed by its owner ends the attesting doctor’s access, while its public page still shows the attestation', async () => {
    const patient = await liveFundraiser(t, manager.cookie);
    const slug = patient.approved.slug as string;
    const doctor = await grantedDoctor(patient);
    expect((await decideReview(t, doctor.cookie, doctor.reviewId, 'attest')).statusCode).toBe(200);
    const attestation = (await t.app.inject(`/api/fundraisers/${slug}`)).json().medicalReview;
    expect(attestation).toMatchObject({ id: doctor.id, name: doctor.name });

    const closed = await injectFrom(t.app, {
      url: '/api/my-fundraiser/close',
      body: {},
      headers: { cookie: patient.cookie },
    });
    expect(closed.statusCode, closed.body).toBe(200);

    expect(await statusOf(doctor.urls.document, doctor.cookie)).toBe(404);
    expect(await statusOf(doctor.urls.application, doctor.cookie)).toBe(404);
    expect(await dashboardRow(doctor.cookie, doctor.reviewId)).toMatchObject({ status: 'attested', granted: false });
    const page = (await t.app.inject(`/api/fundraisers/${slug}`)).json();
    expect(page).toMatchObject({ status: 'closed', medicalReview: attestation });
    expect(await myReview(patient.cookie)).toMatchObject({
      status: 'attested',
      endedAt: expect.any(String),
      endedReason: 'The fundraiser was closed.',
    });
    const history = await historyOf(patient.fundraiser.id);
    const revoked = history.find((h) => h.action === 'medical_review_revoked');
    expect(revoked).toMatchObject({ message: 'The fundraiser was closed.' });
    expect(revoked!.by).toBe(history.find((h) => h.action === 'closed')!.by);
    expect(revoked!.by).not.toBeNull();
    expect(await doctorTitles(doctor.id)).toContain('A fundraiser you were asked to review was closed');
    // The access is already gone: nothing to revoke, and the attestation is not hers to take off the page now.
    expect((await revokeReview(t, patient.cookie)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/fundraisers/${slug}`)).json().medicalReview).toEqual(attestation);
  });

  it('closed by a manager revokes a request still waiting for the doctor, in the history by the manager', async () => {
    const patient = await liveFundraiser(t, manager.cookie);
    const doctor = await grantedDoctor(patient);
    const closed = await postJson(
      t.app,
      `/api/admin/fundraisers/${patient.fundraiser.id}/close`,
      { message: 'The treatment was paid by insurance; thank you.' },
      { cookie: manager.cookie },
    );
    expect(closed.statusCode, closed.body).toBe(200);

    expect(await statusOf(doctor.urls.document, doctor.cookie)).toBe(404);
    expect(await statusOf(doctor.urls.application, doctor.cookie)).toBe(404);
    expect((await decideReview(t, doctor.cookie, doctor.reviewId, 'attest')).statusCode).toBe(404);
    expect(await dashboardRow(doctor.cookie, doctor.reviewId)).toMatchObject({ status: 'revoked', granted: false });
    expect(await myReview(patient.cookie)).toMatchObject({
      status: 'revoked',
      endedReason: 'The fundraiser was closed.',
    });
    expect((await t.app.inject(`/api/fundraisers/${patient.approved.slug as string}`)).json().medicalReview).toBeNull();
    const history = await historyOf(patient.fundraiser.id);
    const revoked = history.find((h) => h.action === 'medical_review_revoked');
    expect(revoked!.by).toBe(history.find((h) => h.action === 'closed')!.by);
    expect(revoked!.by).not.toBe(history.find((h) => h.action === 'created')!.by);
    expect(await doctorTitles(doctor.id)).toContain('A fundraiser you were asked to review was closed');
  });
});
