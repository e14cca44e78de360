/**
 * Patients' fundraisers through the API, as the patient and the reviewing manager use it: a complete application,
 * submitted, approved (live, with its campaign).
 */
import { expect } from 'vitest';
import { signUpSettled } from '../setup/accounts.ts';
import { injectFrom, postFile, postJson, type TestApp } from '../setup/test-app.ts';
import { PNG_7X5 } from './images.ts';
import { decideAsManager } from './public-fundraisers.ts';
import { PDF } from './spending.ts';

export const saveFundraiser = (t: TestApp, cookie: string, body: unknown) =>
  injectFrom(t.app, { method: 'PUT', url: '/api/my-fundraiser', body, headers: { cookie } });

export const submitFundraiser = (t: TestApp, cookie: string) =>
  postJson(t.app, '/api/my-fundraiser/submit', {}, { cookie });

/** Uploads a fundraiser document (a PDF) or image (a PNG) as the patient's form does; answers its id. */
export async function uploadFundraiserFile(t: TestApp, cookie: string, kind: 'document' | 'image'): Promise<string> {
  const file =
    kind === 'document'
      ? { field: 'document', bytes: PDF, filename: 'plan.pdf', type: 'application/pdf' }
      : { field: 'image', bytes: PNG_7X5, filename: 'me.png', type: 'image/png' };
  const res = await postFile(t.app, `/api/uploads/fundraiser-${kind}`, cookie, file);
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

export const FUNDRAISER_STORY =
  'Nine years of pain before a diagnosis; now a surgeon can remove the endometriosis in one operation.';
export const FUNDRAISER_PAYEE = {
  name: 'Riverside Women’s Clinic',
  kind: 'care_provider',
  route: 'The clinic invoices the organisation, which pays it directly by bank transfer.',
};

/** Everything an application needs, with this document. */
export function fullDraft(documentId: string, title = 'Surgery for endometriosis') {
  return {
    title,
    story: FUNDRAISER_STORY,
    costGroups: [
      { key: 'surgery', amount: 9000, note: 'Excision surgery' },
      { key: 'travel', amount: 450.5 },
    ],
    payee: FUNDRAISER_PAYEE,
    documentIds: [documentId],
  };
}

/** A complete application of a new settled patient: her cookie, id and the saved answer. */
export async function completeApplication(t: TestApp, title?: string) {
  const patient = await signUpSettled(t.app, t.database.db, { role: 'patient' });
  const documentId = await uploadFundraiserFile(t, patient.cookie, 'document');
  const saved = await saveFundraiser(t, patient.cookie, fullDraft(documentId, title));
  expect(saved.statusCode).toBe(200);
  return { ...patient, documentId, fundraiser: saved.json().fundraiser };
}

/** A complete application, submitted for review. */
export async function submittedApplication(t: TestApp, title?: string) {
  const application = await completeApplication(t, title);
  expect((await submitFundraiser(t, application.cookie)).statusCode).toBe(200);
  return application;
}

/** A submitted application approved by this manager: live, with its campaign's id and slug. */
export async function liveFundraiser(t: TestApp, managerCookie: string, title?: string) {
  const application = await submittedApplication(t, title);
  const approved = await decideAsManager(t.app, managerCookie, application.fundraiser.id, 'approve');
  expect(approved.statusCode).toBe(200);
  return { ...application, approved: approved.json() };
}
