import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, sessionCookie, signUp, STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';
import { doctorProfiles, outbox, patientProfiles, rateLimits, sessions, users } from '../../db/schema/index.ts';

const t = setupTestApp();

function send(method: 'PATCH' | 'DELETE', url: string, cookie: string, body?: unknown) {
  const json = body === undefined ? {} : { 'content-type': 'application/json' };
  return t.app.inject({
    method,
    url,
    headers: { cookie, origin: SITE_ORIGIN, ...json },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const patientAnswers = {
  medicalCondition: 'Stage IV endometriosis',
  symptoms: 'Pelvic pain, fatigue',
  treatmentGoals: 'Excision surgery and recovery',
  urgencyLevel: 'high',
  preferredContactMethod: 'email',
  consentToCollect: true,
};

const doctorAnswers = {
  specialty: 'Obstetrics & Gynecology',
  licenseNumber: 'MD-123456',
  licenseState: 'Oregon',
  yearsExperience: 12,
  medicalBoard: 'American Board of Obstetrics and Gynecology',
  bio: 'Gynecologic surgeon focused on excision of endometriosis and on listening first.',
  areasOfExpertise: ["Women's Reproductive Health", 'Surgical Procedures'],
  consultationTypes: ['Written replies to stories'],
};

describe('onboarding', () => {
  it("stores a patient's answers privately, defaults allowPublicStory to false, and marks onboarding done", async () => {
    const { cookie, user } = await signUp(t.app);
    const res = await postJson(
      t.app,
      '/api/user/onboarding',
      { role: 'patient', onboardingData: patientAnswers },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().onboardingCompleted).toBe(true);
    const [profile] = await t.database.db.select().from(patientProfiles).where(eq(patientProfiles.userId, user.id));
    const { consentToCollect: _consent, ...stored } = patientAnswers;
    expect(profile).toMatchObject({ ...stored, allowPublicStory: false });
    const profileRes = await getWith(t.app, '/api/user/profile', cookie);
    expect(profileRes.headers['cache-control']).toBe('no-store');
    expect(profileRes.json().profile.medicalCondition).toBe('Stage IV endometriosis');
  });

  it('accepts a complete doctor form (board and consultation types included) as pending verification', async () => {
    const { cookie, user } = await signUp(t.app, { role: 'doctor' });
    const res = await postJson(
      t.app,
      '/api/user/onboarding',
      { role: 'doctor', onboardingData: doctorAnswers },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    const [profile] = await t.database.db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, user.id));
    expect(profile!.verificationStatus).toBe('pending');
  });

  it.each([
    ['bio', { ...doctorAnswers, bio: 'Too short.' }, 'Professional bio must be at least 50 characters'],
    ['medicalBoard', { ...doctorAnswers, medicalBoard: '' }, 'Medical board certification required'],
    ['consultationTypes', { ...doctorAnswers, consultationTypes: [] }, 'Select consultation preferences'],
    ['areasOfExpertise', { ...doctorAnswers, areasOfExpertise: [] }, 'Select at least one area of expertise'],
    ['yearsExperience', { ...doctorAnswers, yearsExperience: -3 }, 'Years of experience must be 0 or more'],
  ])('refuses a doctor form with a bad %s, with the spec message', async (field, onboardingData, message) => {
    const { cookie } = await signUp(t.app, { role: 'doctor' });
    const res = await postJson(t.app, '/api/user/onboarding', { role: 'doctor', onboardingData }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fieldErrors: { [`onboardingData.${field}`]: message } });
  });

  it('says what is wrong with the years of experience: "required" only when they are missing', async () => {
    await t.database.db.delete(rateLimits); // this file signs up more people than one address may in an hour
    const { cookie } = await signUp(t.app, { role: 'doctor' });
    for (const [yearsExperience, message] of [
      [null, 'Years of experience required'],
      [2.5, 'Enter your years of experience as a whole number'],
      [81, 'Years of experience must be 80 or fewer'],
    ] as const) {
      const onboardingData = { ...doctorAnswers, yearsExperience };
      const res = await postJson(t.app, '/api/user/onboarding', { role: 'doctor', onboardingData }, { cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ 'onboardingData.yearsExperience': message });
    }
  });

  it('never lets onboarding choose a role or an admin level', async () => {
    const { cookie, user } = await signUp(t.app);
    const otherRole = await postJson(
      t.app,
      '/api/user/onboarding',
      {
        role: 'admin',
        onboardingData: { responsibilities: ['Content Moderation'], previousExperience: 'Years', availabilityHours: 5 },
      },
      { cookie },
    );
    expect(otherRole.statusCode).toBe(403);
    const withLevel = await postJson(
      t.app,
      '/api/user/onboarding',
      { role: 'patient', onboardingData: { ...patientAnswers, adminLevel: 'super_admin' } },
      { cookie },
    );
    expect(withLevel.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'patient', adminLevel: null });
  });

  it('answers text the database cannot store (a NUL character) with a 400, and stores nothing', async () => {
    const { cookie, user } = await signUp(t.app);
    const res = await postJson(
      t.app,
      '/api/user/onboarding',
      { role: 'patient', onboardingData: { ...patientAnswers, symptoms: 'pain\u0000' } },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/NUL/);
    expect(await t.database.db.select().from(patientProfiles).where(eq(patientProfiles.userId, user.id))).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect(
      (await postJson(t.app, '/api/user/onboarding', { role: 'patient', onboardingData: patientAnswers })).statusCode,
    ).toBe(401);
  });
});

describe('profile', () => {
  it('updates names but never role, level or verification', async () => {
    const { cookie, user } = await signUp(t.app);
    const ok = await send('PATCH', '/api/user/profile', cookie, { firstName: 'Rosalie', lastName: 'Tester' });
    expect(ok.json().firstName).toBe('Rosalie');
    for (const extra of [{ role: 'admin' }, { adminLevel: 'super_admin' }, { emailVerified: true }]) {
      const res = await send('PATCH', '/api/user/profile', cookie, {
        firstName: 'Rosalie',
        lastName: 'Tester',
        ...extra,
      });
      expect(res.statusCode).toBe(400);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'patient', adminLevel: null, emailVerifiedAt: null });
  });
});

describe('password change', () => {
  it('needs the current password, keeps this session, ends the others and mails a notice', async () => {
    await t.database.db.delete(rateLimits);
    const { person, cookie } = await signUp(t.app);
    const other = sessionCookie(
      await postJson(t.app, '/api/auth/login', { email: person.email, password: person.password }),
    );
    const wrong = await postJson(
      t.app,
      '/api/user/password',
      { currentPassword: 'Nope-Nope-11', newPassword: 'Brand-New-Lake-5' },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toHaveProperty(['currentPassword']);
    const ok = await postJson(
      t.app,
      '/api/user/password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'Brand-New-Lake-5' },
      { cookie },
    );
    expect(ok.statusCode).toBe(200);
    expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(200);
    expect((await getWith(t.app, '/api/auth/user', other)).statusCode).toBe(401);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, person.email));
    expect(mails.some((m) => /password was changed/.test(m.subject))).toBe(true);
  });
});

describe('sessions', () => {
  it('lists the sessions with the current one marked, and signs out another or all others', async () => {
    await t.database.db.delete(rateLimits);
    const { person, cookie } = await signUp(t.app);
    const second = sessionCookie(
      await postJson(
        t.app,
        '/api/auth/login',
        { email: person.email, password: person.password },
        { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' },
      ),
    );
    const third = sessionCookie(
      await postJson(t.app, '/api/auth/login', { email: person.email, password: person.password }),
    );
    const list = (await getWith(t.app, '/api/user/sessions', cookie)).json() as {
      id: string;
      current: boolean;
      device: string;
    }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.some((s) => s.device === 'Firefox on Linux')).toBe(true);

    const firefox = list.find((s) => s.device === 'Firefox on Linux')!;
    expect((await send('DELETE', `/api/user/sessions/${firefox.id}`, cookie)).statusCode).toBe(204);
    expect((await getWith(t.app, '/api/auth/user', second)).statusCode).toBe(401);

    expect((await postJson(t.app, '/api/user/sessions/revoke-others', {}, { cookie })).statusCode).toBe(204);
    expect((await getWith(t.app, '/api/auth/user', third)).statusCode).toBe(401);
    expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(200);
  });

  it("cannot end someone else's session", async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const [bobSession] = await t.database.db.select().from(sessions).where(eq(sessions.userId, bob.user.id));
    expect((await send('DELETE', `/api/user/sessions/${bobSession!.id}`, alice.cookie)).statusCode).toBe(404);
    expect((await getWith(t.app, '/api/auth/user', bob.cookie)).statusCode).toBe(200);
  });
});

describe('my data', () => {
  it('exports everything held about the user, without the password hash', async () => {
    const { cookie, person } = await signUp(t.app);
    await postJson(t.app, '/api/user/onboarding', { role: 'patient', onboardingData: patientAnswers }, { cookie });
    const res = await getWith(t.app, '/api/user/export', cookie);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const data = res.json();
    expect(data.account.email).toBe(person.email);
    expect(data.account.passwordHash).toBeUndefined();
    expect(res.body).not.toMatch(/argon2/);
    expect(data.profiles.patient.symptoms).toBe('Pelvic pain, fatigue');
    expect(data.sessions.length).toBeGreaterThan(0);
  });

  it('deletes the account with the password: profile, sessions and sign-in are gone', async () => {
    await t.database.db.delete(rateLimits);
    const { cookie, person, user } = await signUp(t.app);
    await postJson(t.app, '/api/user/onboarding', { role: 'patient', onboardingData: patientAnswers }, { cookie });
    expect((await send('DELETE', '/api/user', cookie, { password: 'Wrong-Password-1' })).statusCode).toBe(400);
    expect((await send('DELETE', '/api/user', cookie, { password: STRONG_PASSWORD })).statusCode).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await t.database.db.select().from(patientProfiles).where(eq(patientProfiles.userId, user.id))).toHaveLength(
      0,
    );
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(
      (await postJson(t.app, '/api/auth/login', { email: person.email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(401);
  });
});
