import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { freshAddress, postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { buildDoctor, DOCTOR_ANSWERS } from '../../../../tests/factories/doctors.ts';
import { auditLog, doctorProfiles, notifications, outbox, users } from '../../db/schema/index.ts';

const t = setupTestApp();
let manager = { id: '', cookie: '' };
let superAdmin = { id: '', cookie: '' };
let moderator = { id: '', cookie: '' };

const QUEUE = '/api/admin/doctor-verifications';
/** The profile's version as a manager reads it now (1 when there is no profile: the call's 404 is then tested). */
const versionOf = async (userId: string) =>
  (await t.database.db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, userId)))[0]?.version ?? 1;
/** A decision made on the profile as it stands (or on `version`, the one a manager read earlier). */
const verify = async (id: string, cookie: string, version?: number) =>
  postJson(t.app, `${QUEUE}/${id}/verify`, { version: version ?? (await versionOf(id)) }, { cookie });
const reject = async (id: string, cookie: string, body: object, version?: number) =>
  postJson(t.app, `${QUEUE}/${id}/reject`, { version: version ?? (await versionOf(id)), ...body }, { cookie });

/** A doctor who signed up and completed onboarding through the API (their profile waits for verification). */
async function onboardedDoctor(overrides: Record<string, unknown> = {}, answers: Partial<typeof DOCTOR_ANSWERS> = {}) {
  const doctor = await signUp(t.app, { role: 'doctor', ...overrides }, freshAddress());
  const res = await postJson(
    t.app,
    '/api/user/onboarding',
    { role: 'doctor', onboardingData: { ...DOCTOR_ANSWERS, ...answers } },
    { cookie: doctor.cookie },
  );
  expect(res.statusCode).toBe(200);
  return doctor;
}

const notificationsOf = (userId: string, type: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
const auditOf = (targetId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
const mailsTo = (email: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), like(outbox.subject, '%doctor profile%')));
const profileOf = async (userId: string) =>
  (await t.database.db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, userId)))[0]!;

beforeAll(async () => {
  const sign = async (level: 'moderator' | 'manager' | 'super_admin') => {
    const { admin, cookie } = await signInAdmin(t.app, t.database.db, level);
    return { id: admin.id, cookie };
  };
  manager = await sign('manager');
  superAdmin = await sign('super_admin');
  moderator = await sign('moderator');
});

describe('the verification queue', () => {
  it('shows managers the pending profiles oldest first, with the license details and email', async () => {
    const older = await buildDoctor(t.database.db, {
      status: 'pending',
      profile: { verificationRequestedAt: new Date(Date.now() - 3 * 86_400_000), licenseNumber: 'OLD-1' },
    });
    const newer = await buildDoctor(t.database.db, {
      status: 'pending',
      profile: { verificationRequestedAt: new Date(Date.now() - 86_400_000), licenseNumber: 'NEW-2' },
    });
    await buildDoctor(t.database.db, { status: 'verified' });
    const res = await getWith(t.app, `${QUEUE}?status=pending`, manager.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { items, ...paging } = res.json() as {
      items: { id: string }[];
      page: number;
      pageSize: number;
      total: number;
    };
    expect(items.map((i) => i.id).slice(0, 2)).toEqual([older.user.id, newer.user.id]);
    expect(paging).toEqual({ page: 1, pageSize: 10, total: items.length });
    expect(items[0]).toMatchObject({
      email: older.user.email,
      licenseNumber: 'OLD-1',
      licenseState: DOCTOR_ANSWERS.licenseState,
      medicalBoard: DOCTOR_ANSWERS.medicalBoard,
      hospitalAffiliation: DOCTOR_ANSWERS.hospitalAffiliation,
      status: 'pending',
    });
    // Pending is the default tab.
    expect((await getWith(t.app, QUEUE, manager.cookie)).json().items).toEqual(items);
    const verified = (await getWith(t.app, `${QUEUE}?status=verified`, superAdmin.cookie)).json().items as {
      status: string;
    }[];
    expect(verified.length).toBeGreaterThan(0);
    expect(verified.every((v) => v.status === 'verified')).toBe(true);
  });

  it('keeps a waiting doctor in their place when they edit their answers', async () => {
    const first = await onboardedDoctor();
    const second = await onboardedDoctor();
    const edit = {
      role: 'doctor',
      onboardingData: { ...DOCTOR_ANSWERS, bio: `${DOCTOR_ANSWERS.bio} I also see patients on Saturdays.` },
    };
    expect((await postJson(t.app, '/api/user/onboarding', edit, { cookie: first.cookie })).statusCode).toBe(200);
    const order = (
      (await getWith(t.app, `${QUEUE}?status=pending`, manager.cookie)).json() as { items: { id: string }[] }
    ).items.map((i) => i.id);
    expect(order.indexOf(first.user.id)).toBeLessThan(order.indexOf(second.user.id));
    expect((await profileOf(first.user.id)).bio).toContain('Saturdays');
  });

  it.each([
    ['changes her license number', { onboardingData: { ...DOCTOR_ANSWERS, licenseNumber: 'MD-LIC-999999' } }],
    ['changes her name', { firstName: 'Someone', lastName: 'Else' }],
  ])('refuses (409) a decision on a waiting profile read before the doctor %s', async (_what, change) => {
    const doctor = await onboardedDoctor();
    const read = (await getWith(t.app, `${QUEUE}?status=pending`, manager.cookie))
      .json()
      .items.find((i: { id: string }) => i.id === doctor.user.id) as { version: number };
    const res =
      'onboardingData' in change
        ? await postJson(t.app, '/api/user/onboarding', { role: 'doctor', ...change }, { cookie: doctor.cookie })
        : await t.app.inject({
            method: 'PATCH',
            url: '/api/user/profile',
            payload: change,
            headers: { cookie: doctor.cookie, origin: SITE_ORIGIN },
          });
    expect(res.statusCode).toBe(200);

    const stale = await verify(doctor.user.id, manager.cookie, read.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().currentVersion).toBeGreaterThan(read.version);
    const staleReject = await reject(doctor.user.id, manager.cookie, { reason: 'License not found' }, read.version);
    expect(staleReject.statusCode).toBe(409);
    expect((await profileOf(doctor.user.id)).verificationStatus).toBe('pending');
    expect(await auditOf(doctor.user.id)).toEqual([]);
    // Read again, the new answers can be decided on.
    expect((await verify(doctor.user.id, manager.cookie, stale.json().currentVersion)).statusCode).toBe(200);
  });

  it('refuses moderators, other roles and anonymous callers', async () => {
    const { user } = await buildDoctor(t.database.db, { status: 'pending' });
    const patient = await signUp(t.app);
    const doctor = await signUp(t.app, { role: 'doctor' });
    for (const cookie of [moderator.cookie, patient.cookie, doctor.cookie]) {
      expect((await getWith(t.app, QUEUE, cookie)).statusCode).toBe(403);
      expect((await verify(user.id, cookie)).statusCode).toBe(403);
      expect((await reject(user.id, cookie, { reason: 'License not found' })).statusCode).toBe(403);
    }
    expect((await t.app.inject(QUEUE)).statusCode).toBe(401);
    expect((await postJson(t.app, `${QUEUE}/${user.id}/verify`, { version: 1 })).statusCode).toBe(401);
    expect((await profileOf(user.id)).verificationStatus).toBe('pending');
    expect(await auditOf(user.id)).toEqual([]);
  });

  it('refuses a bad status or page with a 400 and a message', async () => {
    const bad = await getWith(t.app, `${QUEUE}?status=maybe`, manager.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('status must be pending, verified or rejected');
    expect((await getWith(t.app, `${QUEUE}?page=-1`, manager.cookie)).statusCode).toBe(400);
  });
});

describe('verifying a doctor', () => {
  it('verifies, audits, notifies the doctor once (with an email), and lists them in the directory', async () => {
    const doctor = await onboardedDoctor({ firstName: 'Amara', lastName: 'Okafor' });
    const id = doctor.user.id;
    expect((await t.app.inject(`/api/doctors/${id}`)).statusCode).toBe(404);

    const res = await verify(id, manager.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      status: 'verified',
      changed: true,
      decidedByEmail: expect.stringContaining('manager.'),
    });
    // The same request again (a double click, a retry) changes nothing and tells nobody again.
    const again = await verify(id, manager.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'verified', changed: false });

    const notices = await notificationsOf(id, 'doctor_verification');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'Your doctor profile is verified', link: '/doctor-dashboard' });
    expect(await mailsTo(doctor.person.email)).toHaveLength(1);
    const entries = await auditOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'doctor.verify',
      targetType: 'doctor',
      actorId: manager.id,
      before: { status: 'pending', note: null },
      after: { status: 'verified', note: null },
    });

    expect((await t.app.inject(`/api/doctors/${id}`)).json()).toMatchObject({ name: 'Dr. Amara Okafor' });
    const dashboard = (await getWith(t.app, '/api/doctor/dashboard', doctor.cookie)).json();
    expect(dashboard.verification.status).toBe('verified');
  });

  it('makes one decision of two identical requests sent at once', async () => {
    const doctor = await onboardedDoctor();
    const answers = await Promise.all([
      verify(doctor.user.id, manager.cookie),
      verify(doctor.user.id, superAdmin.cookie),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().changed).sort()).toEqual([false, true]);
    expect(await notificationsOf(doctor.user.id, 'doctor_verification')).toHaveLength(1);
    expect(await auditOf(doctor.user.id)).toHaveLength(1);
  });

  it('rejects with the reason the doctor reads, and can verify after a rejection (a new decision, told once)', async () => {
    const doctor = await onboardedDoctor();
    const id = doctor.user.id;
    const res = await reject(id, manager.cookie, { reason: '  The Oregon board has no license MD-LIC-771234.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', note: 'The Oregon board has no license MD-LIC-771234.' });
    expect(
      (await reject(id, manager.cookie, { reason: 'The Oregon board has no license MD-LIC-771234.' })).json().changed,
    ).toBe(false);
    let notices = await notificationsOf(id, 'doctor_verification');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: 'Your doctor profile was not verified',
      body: 'The Oregon board has no license MD-LIC-771234.',
    });
    const dashboard = (await getWith(t.app, '/api/doctor/dashboard', doctor.cookie)).json();
    expect(dashboard.verification).toMatchObject({
      status: 'rejected',
      note: 'The Oregon board has no license MD-LIC-771234.',
    });
    expect((await t.app.inject(`/api/doctors/${id}`)).statusCode).toBe(404);

    // The license turned up after all.
    expect((await verify(id, manager.cookie)).json()).toMatchObject({ status: 'verified', note: null, changed: true });
    expect((await verify(id, manager.cookie)).json().changed).toBe(false);
    notices = await notificationsOf(id, 'doctor_verification');
    expect(notices.map((n) => n.title).sort()).toEqual([
      'Your doctor profile is verified',
      'Your doctor profile was not verified',
    ]);
    expect(await mailsTo(doctor.person.email)).toHaveLength(2);
    expect((await auditOf(id)).map((e) => e.action).sort()).toEqual(['doctor.reject', 'doctor.verify']);
  });

  it.each([
    ['no reason', {}, 'Give a reason the doctor will see'],
    ['a reason too short', { reason: ' no ' }, 'Give a reason the doctor will see'],
    ['a reason too long', { reason: 'x'.repeat(501) }, 'Keep the reason under 500 characters'],
    ['a reason that is not text', { reason: 42 }, 'Give a reason the doctor will see'],
    [
      'a reason with a NUL character',
      { reason: 'License\u0000 expired' },
      'The reason holds characters that cannot be shown',
    ],
    ['an unknown field', { reason: 'License expired', notify: false }, undefined],
    [
      'no version read',
      { reason: 'License expired', version: undefined },
      'Say which version you read (reload the page)',
    ],
  ])('refuses a rejection with %s (400, nothing written)', async (_name, body, message) => {
    const { user } = await buildDoctor(t.database.db, { status: 'pending' });
    const res = await reject(user.id, manager.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    if (message) expect(res.json().message).toBe(message);
    expect((await profileOf(user.id)).verificationStatus).toBe('pending');
    expect(await auditOf(user.id)).toEqual([]);
    expect(await notificationsOf(user.id, 'doctor_verification')).toEqual([]);
  });

  it('answers 400 for a malformed id, 404 for an unknown one, 409 for an account no longer a doctor', async () => {
    const bad = await verify('not-an-id', manager.cookie, 1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Not a valid id');
    const unknown = await verify('00000000-0000-4000-8000-000000000000', manager.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/No doctor profile/);
    const { user } = await buildDoctor(t.database.db, { status: 'pending', user: { role: 'patient' } });
    expect((await verify(user.id, manager.cookie)).statusCode).toBe(409);
    expect(await auditOf(user.id)).toEqual([]);
    // A body that is not JSON is a 400 too.
    const garbage = await t.app.inject({
      method: 'POST',
      url: `${QUEUE}/${user.id}/reject`,
      payload: '{oops',
      headers: { cookie: manager.cookie, origin: SITE_ORIGIN, 'content-type': 'application/json' },
    });
    expect(garbage.statusCode).toBe(400);
  });
});

describe('telling managers a doctor waits', () => {
  it('notifies managers and super admins (not moderators) once per wait, again when a rejected doctor sends new answers', async () => {
    const doctor = await onboardedDoctor({ firstName: 'Lena', lastName: 'Park' });
    const id = doctor.user.id;
    const queueNotices = async (adminId: string) =>
      (await notificationsOf(adminId, 'admin_queue')).filter((n) => n.eventKey?.startsWith(`doctor:${id}:pending`));
    expect(await queueNotices(manager.id)).toHaveLength(1);
    expect(await queueNotices(superAdmin.id)).toHaveLength(1);
    expect(await queueNotices(moderator.id)).toHaveLength(0);
    expect((await queueNotices(manager.id))[0]).toMatchObject({
      title: 'Dr. Lena Park waits for verification',
      link: '/admin-doctors',
    });

    // Correcting answers while waiting is the same wait.
    await postJson(
      t.app,
      '/api/user/onboarding',
      { role: 'doctor', onboardingData: { ...DOCTOR_ANSWERS, yearsExperience: 13 } },
      { cookie: doctor.cookie },
    );
    expect(await queueNotices(manager.id)).toHaveLength(1);

    await reject(id, manager.cookie, { reason: 'License number has a typo' });
    await postJson(
      t.app,
      '/api/user/onboarding',
      { role: 'doctor', onboardingData: { ...DOCTOR_ANSWERS, licenseNumber: 'MD-LIC-771235' } },
      { cookie: doctor.cookie },
    );
    expect((await profileOf(id)).verificationStatus).toBe('pending');
    expect(await queueNotices(manager.id)).toHaveLength(2);
  });

  it('keeps a verified doctor verified when they edit their bio, and sends them back to the queue when their license changes', async () => {
    const doctor = await onboardedDoctor();
    const id = doctor.user.id;
    await verify(id, manager.cookie);
    const save = (answers: Partial<typeof DOCTOR_ANSWERS>) =>
      postJson(
        t.app,
        '/api/user/onboarding',
        { role: 'doctor', onboardingData: { ...DOCTOR_ANSWERS, ...answers } },
        { cookie: doctor.cookie },
      );
    await save({ bio: `${DOCTOR_ANSWERS.bio} Now also seeing patients on Saturdays.` });
    expect((await profileOf(id)).verificationStatus).toBe('verified');
    await save({ licenseState: 'Washington' });
    expect((await profileOf(id)).verificationStatus).toBe('pending');
    expect((await t.app.inject(`/api/doctors/${id}`)).statusCode).toBe(404);
  });

  it('tells nobody when a patient completes onboarding', async () => {
    const before = await notificationsOf(manager.id, 'admin_queue');
    const patient = await signUp(t.app);
    await postJson(
      t.app,
      '/api/user/onboarding',
      {
        role: 'patient',
        onboardingData: {
          medicalCondition: 'Endometriosis',
          symptoms: 'Pain',
          treatmentGoals: 'Surgery',
          urgencyLevel: 'high',
          preferredContactMethod: 'email',
          consentToCollect: true,
        },
      },
      { cookie: patient.cookie },
    );
    expect(await notificationsOf(manager.id, 'admin_queue')).toHaveLength(before.length);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, patient.user.id));
    expect(row!.onboardingCompletedAt).not.toBeNull();
  });
});
