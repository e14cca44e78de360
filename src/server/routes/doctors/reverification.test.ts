/**
 * A verified doctor stays verified only as verified (issue 13): changing what an admin checked (name, license
 * number or state, specialty, board) sends the profile back to the queue and takes the badge off everywhere;
 * bio, photo and consultation types change freely.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { doctorProfiles, notifications, rateLimits, storyComments } from '../../db/schema/index.ts';
import { postFile, postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { signUp } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { DOCTOR_ANSWERS } from '../../../../tests/factories/doctors.ts';
import { buildStory } from '../../../../tests/factories/stories.ts';
import { PNG_7X5 } from '../../../../tests/factories/images.ts';

const t = setupTestApp();

beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

/** A doctor who onboarded, was verified by an admin, and replied to a public story. */
async function verifiedDoctor() {
  const { cookie, user } = await signUp(t.app, { role: 'doctor', firstName: 'Dana', lastName: 'Whitfield' });
  expect(
    (await postJson(t.app, '/api/user/onboarding', { role: 'doctor', onboardingData: DOCTOR_ANSWERS }, { cookie }))
      .statusCode,
  ).toBe(200);
  await t.database.db
    .update(doctorProfiles)
    .set({ verificationStatus: 'verified', verificationDecidedAt: new Date(Date.now() - 60_000) })
    .where(eq(doctorProfiles.userId, user.id));
  const story = await buildStory(t.database.db, {
    status: 'approved',
    publishConsent: true,
    publishedTitle: 'My road to a diagnosis',
    publishedBody: 'It took nine years and five doctors before anyone said the word endometriosis to me.',
    publishedAt: new Date(),
  });
  await t.database.db
    .insert(storyComments)
    .values({ storyId: story.id, authorId: user.id, body: 'A reply from a doctor' });
  return { cookie, id: user.id, storyId: story.id };
}

/** Where the badge shows: the directory, the profile page, and the doctor's replies. */
async function badge(doctor: { id: string; storyId: string }) {
  const directory = (await t.app.inject('/api/doctors')).json() as { items?: { id: string }[] } | { id: string }[];
  const listed = (Array.isArray(directory) ? directory : (directory.items ?? [])).some((d) => d.id === doctor.id);
  const profile = (await t.app.inject(`/api/doctors/${doctor.id}`)).statusCode === 200;
  const replies = (await t.app.inject(`/api/stories/${doctor.storyId}/support`)).json() as {
    body: string;
    verifiedDoctorSpecialty: string | null;
  }[];
  const onReply = replies.find((r) => r.body === 'A reply from a doctor')?.verifiedDoctorSpecialty != null;
  return { listed, profile, onReply };
}

async function status(id: string) {
  const [row] = await t.database.db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, id));
  return row!;
}

const onboard = (cookie: string, change: Record<string, unknown>) =>
  postJson(
    t.app,
    '/api/user/onboarding',
    { role: 'doctor', onboardingData: { ...DOCTOR_ANSWERS, ...change } },
    { cookie },
  );
const patchProfile = (cookie: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/user/profile',
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: SITE_ORIGIN, cookie },
  });

describe('a verified doctor who changes what an admin checked', () => {
  const cases: [string, (cookie: string) => Promise<{ statusCode: number }>][] = [
    ['first name', (cookie) => patchProfile(cookie, { firstName: 'Danielle', lastName: 'Whitfield' })],
    ['last name', (cookie) => patchProfile(cookie, { firstName: 'Dana', lastName: 'Whitfield-Ross' })],
    ['license number', (cookie) => onboard(cookie, { licenseNumber: 'MD-LIC-000001' })],
    ['license state', (cookie) => onboard(cookie, { licenseState: 'Washington' })],
    ['specialty', (cookie) => onboard(cookie, { specialty: 'Internal Medicine' })],
    ['board', (cookie) => onboard(cookie, { medicalBoard: 'American Board of Surgery' })],
  ];

  it.each(cases)(
    'goes back to the queue on a change of %s, with the badge off in the directory, the profile and replies',
    async (_field, change) => {
      const { admin: manager } = await signInAdmin(t.app, t.database.db, 'manager');
      const doctor = await verifiedDoctor();
      expect(await badge(doctor)).toEqual({ listed: true, profile: true, onReply: true });
      const before = await status(doctor.id);

      expect((await change(doctor.cookie)).statusCode).toBe(200);

      const after = await status(doctor.id);
      expect(after.verificationStatus).toBe('pending');
      expect(after.verificationRequestedAt.getTime()).toBeGreaterThan(before.verificationRequestedAt.getTime());
      expect(await badge(doctor)).toEqual({ listed: false, profile: false, onReply: false });
      const told = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, manager.id), eq(notifications.type, 'admin_queue')));
      expect(told.some((n) => n.link === '/admin-doctors' && n.title.includes('waits for verification'))).toBe(true);
    },
  );
});

describe('a verified doctor who changes what needs no check', () => {
  const cases: [string, (cookie: string) => Promise<{ statusCode: number }>][] = [
    [
      'bio',
      (cookie) => onboard(cookie, { bio: 'Surgeon who listens first and explains every option before any operation.' }),
    ],
    ['consultation types', (cookie) => onboard(cookie, { consultationTypes: ['Video consultation'] })],
    [
      'hospital, expertise and years',
      (cookie) =>
        onboard(cookie, {
          hospitalAffiliation: 'Lakeside Clinic',
          areasOfExpertise: ['Surgical Procedures'],
          yearsExperience: 13,
        }),
    ],
    [
      'email notices (same name)',
      (cookie) => patchProfile(cookie, { firstName: 'Dana', lastName: 'Whitfield', notifyByEmail: false }),
    ],
    [
      'photo',
      (cookie) => {
        return postFile(t.app, '/api/user/avatar', cookie, {
          field: 'avatar',
          bytes: PNG_7X5,
          filename: 'me.png',
          type: 'image/png',
        });
      },
    ],
  ];

  it.each(cases)('stays verified on a change of %s', async (_field, change) => {
    const doctor = await verifiedDoctor();
    expect((await change(doctor.cookie)).statusCode).toBeLessThan(300);
    expect((await status(doctor.id)).verificationStatus).toBe('verified');
    expect(await badge(doctor)).toEqual({ listed: true, profile: true, onReply: true });
  });
});
