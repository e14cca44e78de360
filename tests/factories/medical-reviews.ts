/** Medical reviews through the API (a signed-in doctor in a given verification state, and the calls each side makes), and a standing attestation written to the database. */
import { getWith, signUpSettled } from '../setup/accounts.ts';
import { injectFrom, postJson, type TestApp } from '../setup/test-app.ts';
import type { Db } from '../../src/server/db/client.ts';
import { doctorProfiles, medicalReviews } from '../../src/server/db/schema/index.ts';
import { DOCTOR_ANSWERS } from './doctors.ts';
import { giveHealthConsent } from './health-data-consents.ts';
import { buildUser } from './users.ts';

let counter = 0;

/** A doctor account that can sign in, with a completed profile in this verification state (verified by default). */
export async function signedInDoctor(
  t: TestApp,
  options: { status?: 'pending' | 'verified' | 'rejected'; firstName?: string; lastName?: string } = {},
) {
  counter++;
  const { status = 'verified', firstName = 'Imani', lastName = `Okafor${counter}` } = options;
  const member = await signUpSettled(t.app, t.database.db, { role: 'doctor', firstName, lastName });
  await t.database.db.insert(doctorProfiles).values({
    userId: member.user.id,
    ...DOCTOR_ANSWERS,
    licenseNumber: `MD-REV-${800000 + counter}`,
    verificationStatus: status,
    verificationDecidedAt: status === 'pending' ? null : new Date(),
  });
  return { ...member, id: member.user.id, name: `Dr. ${firstName} ${lastName}` };
}

/** The patient asks this doctor to review her fundraiser, having consented to sharing her health data. */
export async function askForReview(t: TestApp, cookie: string, doctorId: string) {
  await giveHealthConsent(t, cookie, 'share');
  return postJson(t.app, '/api/my-fundraiser/medical-review', { doctorId }, { cookie });
}

/** The patient cancels her request or takes the access back. */
export const revokeReview = (t: TestApp, cookie: string) =>
  injectFrom(t.app, { method: 'DELETE', url: '/api/my-fundraiser/medical-review', headers: { cookie } });

export const ATTESTATION = {
  note: 'The plan and the quote match the standard excision surgery for this stage.',
  noConflict: true,
};

/** The plan version of the application the doctor reads for request `id` (1 when she can read it no longer). */
export async function readPlanVersion(t: TestApp, cookie: string, id: string): Promise<number> {
  const read = await getWith(t.app, `/api/doctor/medical-reviews/${id}`, cookie);
  return read.statusCode === 200 ? (read.json().fundraiser.planVersion as number) : 1;
}

/**
 * The doctor attests (or, with `decline`, declines) the request `id` as her dashboard does: she opens the
 * application, then decides, naming the plan version she read (or `planVersion`, when given).
 */
export async function decideReview(
  t: TestApp,
  cookie: string,
  id: string,
  decision: 'attest' | 'decline',
  body: Record<string, unknown> = decision === 'attest'
    ? ATTESTATION
    : { note: 'This is outside my specialty; ask a surgeon.' },
) {
  const planVersion = await readPlanVersion(t, cookie, id);
  return postJson(t.app, `/api/doctor/medical-reviews/${id}/${decision}`, { planVersion, ...body }, { cookie });
}

/** A verified doctor (a built account, no sign-in) whose attestation of this fundraiser stands; returns her name. */
export async function buildAttestation(
  db: Db,
  fundraiserId: string,
  names = { firstName: 'Imani', lastName: 'Okafor' },
) {
  counter++;
  const doctor = await buildUser(db, { role: 'doctor', ...names, emailVerifiedAt: new Date() });
  await db.insert(doctorProfiles).values({
    userId: doctor.id,
    ...DOCTOR_ANSWERS,
    licenseNumber: `MD-ATT-${800000 + counter}`,
    verificationStatus: 'verified',
    verificationDecidedAt: new Date(),
  });
  await db.insert(medicalReviews).values({
    fundraiserId,
    doctorId: doctor.id,
    status: 'attested',
    note: ATTESTATION.note,
    noConflictDeclaredAt: new Date(),
    decidedAt: new Date(),
    attestedPlanVersion: 1,
  });
  return { id: doctor.id, name: `Dr. ${names.firstName} ${names.lastName}` };
}
