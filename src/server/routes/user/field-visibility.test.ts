/**
 * Who sees each of a patient's health answers (issue 38, decision 020): her settings, the member page for each kind
 * of viewer at each setting, the consent to sharing that widening needs, and what withdrawing a consent resets.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  FIELD_VISIBILITIES,
  FIELD_VISIBILITY_REFUSALS,
  PROFILE_FIELDS,
  type FieldVisibility,
} from '#shared/field-visibility.ts';
import { postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp, STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';
import { giveHealthConsent, HEALTH_ANSWERS } from '../../../../tests/factories/health-data-consents.ts';
import { completeApplication } from '../../../../tests/factories/fundraisers.ts';
import { askForReview, signedInDoctor } from '../../../../tests/factories/medical-reviews.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { auditLog, patientProfiles, profileFieldVisibility, stories, users } from '../../db/schema/index.ts';

const t = setupTestApp();
const db = () => t.database.db;

/** Each answer as the member page words it. */
const WORDS = {
  medicalCondition: 'Stage IV endometriosis',
  symptoms: 'Pelvic pain, fatigue',
  treatmentGoals: 'Excision surgery and recovery',
  urgencyLevel: 'High: care needed within weeks',
  preferredContactMethod: 'Email',
};

const onboard = (cookie: string, data: Record<string, unknown> = {}) =>
  postJson(
    t.app,
    '/api/user/onboarding',
    { role: 'patient', onboardingData: { ...HEALTH_ANSWERS, consentToCollect: true, ...data } },
    { cookie },
  );

const setVisibility = (cookie: string, field: string, visibility: string) =>
  postJson(t.app, '/api/user/profile/visibility', { field, visibility }, { cookie });

const withdraw = (cookie: string, kind: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/user/health-data-consents/${kind}`,
    headers: { cookie, origin: SITE_ORIGIN },
  });

const settingsOf = (userId: string) =>
  db().select().from(profileFieldVisibility).where(eq(profileFieldVisibility.userId, userId));

const memberPage = (id: string, cookie = '') => getWith(t.app, `/api/members/${id}`, cookie);

describe('her settings', () => {
  it('start as "only me" for every field, and say she may not widen one without her consent to sharing', async () => {
    const { cookie } = await signUp(t.app, { role: 'patient' });
    expect((await getWith(t.app, '/api/user/profile/visibility', cookie)).json()).toEqual({
      fields: [],
      mayShare: false,
    });
    expect((await onboard(cookie)).statusCode).toBe(200);
    const read = await getWith(t.app, '/api/user/profile/visibility', cookie);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json()).toEqual({
      fields: PROFILE_FIELDS.map((field) => ({
        field,
        label: expect.any(String),
        value: WORDS[field],
        visibility: 'only-me',
      })),
      mayShare: false,
    });
  });

  it('refuses widening a field without her consent to sharing, on the field, and writes nothing', async () => {
    const { cookie, user } = await signUp(t.app, { role: 'patient' });
    expect((await onboard(cookie)).statusCode).toBe(200);
    for (const field of PROFILE_FIELDS)
      for (const visibility of ['members', 'public']) {
        const res = await setVisibility(cookie, field, visibility);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          message: FIELD_VISIBILITY_REFUSALS.needsShare,
          code: 'VALIDATION',
          fieldErrors: { visibility: FIELD_VISIBILITY_REFUSALS.needsShare },
        });
      }
    // Narrowing is always hers to do (here it changes nothing).
    expect((await setVisibility(cookie, 'symptoms', 'only-me')).statusCode).toBe(200);
    expect(await settingsOf(user.id)).toEqual([]);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.field_visibility')));
    expect(entries).toEqual([]);
  });

  it('refuses a setting before she has answers, and unknown fields or levels, with the field named', async () => {
    const { cookie } = await signUp(t.app, { role: 'patient' });
    expect((await giveHealthConsent(t, cookie, 'share')).statusCode).toBe(201);
    const early = await setVisibility(cookie, 'symptoms', 'members');
    expect(early.statusCode).toBe(400);
    expect(early.json().fieldErrors).toEqual({ field: FIELD_VISIBILITY_REFUSALS.noAnswers });
    expect((await onboard(cookie)).statusCode).toBe(200);
    expect((await setVisibility(cookie, 'allowPublicStory', 'public')).json().fieldErrors).toHaveProperty('field');
    expect((await setVisibility(cookie, 'symptoms', 'everyone')).json().fieldErrors).toHaveProperty('visibility');
    const extra = await postJson(
      t.app,
      '/api/user/profile/visibility',
      { field: 'symptoms', visibility: 'public', userId: 'someone-else' },
      { cookie },
    );
    expect(extra.statusCode).toBe(400);
  });

  it('with her consent to sharing, sets a field, audited without the answer, and answers the new settings', async () => {
    const { cookie, user } = await signUp(t.app, { role: 'patient' });
    expect((await onboard(cookie, { consentToShare: true })).statusCode).toBe(200);
    const res = await setVisibility(cookie, 'medicalCondition', 'members');
    expect(res.statusCode).toBe(200);
    expect(res.json().mayShare).toBe(true);
    expect(res.json().fields[0]).toMatchObject({ field: 'medicalCondition', visibility: 'members' });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.field_visibility')));
    expect(entry).toMatchObject({
      actorId: user.id,
      before: { field: 'medicalCondition', visibility: 'only-me' },
      after: { field: 'medicalCondition', visibility: 'members' },
    });
    expect(JSON.stringify(entry)).not.toContain('endometriosis');
  });
});

describe('the member page, for each viewer at each setting', () => {
  let her: { cookie: string; id: string };
  const viewers: Record<string, string> = {};

  beforeAll(async () => {
    // A patient with a fundraiser, who asked a doctor to review it: the doctor is granted her application.
    const patient = await completeApplication(t);
    expect((await onboard(patient.cookie, { consentToShare: true })).statusCode).toBe(200);
    her = { cookie: patient.cookie, id: patient.user.id };
    const doctor = await signedInDoctor(t);
    expect((await askForReview(t, patient.cookie, doctor.id)).statusCode).toBe(201);
    viewers.anonymous = '';
    viewers.member = (await signUp(t.app, { role: 'donor' })).cookie;
    viewers.herself = patient.cookie;
    viewers.grantedDoctor = doctor.cookie;
    viewers.admin = (await signInAdmin(t.app, db(), 'moderator')).cookie;
  });

  const SEES: Record<string, readonly FieldVisibility[]> = {
    anonymous: ['public'],
    member: ['members', 'public'],
    herself: FIELD_VISIBILITIES,
    grantedDoctor: ['members', 'public'],
    admin: FIELD_VISIBILITIES,
  };

  it.each(FIELD_VISIBILITIES)('every field set to %s is seen by whom it says, and by nobody else', async (level) => {
    for (const field of PROFILE_FIELDS) expect((await setVisibility(her.cookie, field, level)).statusCode).toBe(200);
    for (const [name, cookie] of Object.entries(viewers)) {
      const res = await memberPage(her.id, cookie);
      expect(res.statusCode, name).toBe(200);
      const seen = SEES[name]!.includes(level);
      expect(res.json().fields, name).toEqual(
        seen
          ? PROFILE_FIELDS.map((field) => ({
              field,
              label: expect.any(String),
              value: WORDS[field],
              visibility: level,
            }))
          : [],
      );
      if (!seen) expect(res.body, name).not.toMatch(/endometriosis|Pelvic pain|Excision|within weeks/);
    }
  });

  it('shows each viewer exactly the fields of the levels it may see, field by field', async () => {
    const mix: Record<string, FieldVisibility> = {
      medicalCondition: 'public',
      symptoms: 'members',
      treatmentGoals: 'only-me',
      urgencyLevel: 'members',
      preferredContactMethod: 'public',
    };
    for (const [field, level] of Object.entries(mix))
      expect((await setVisibility(her.cookie, field, level)).statusCode).toBe(200);
    for (const [name, cookie] of Object.entries(viewers)) {
      const fields = (await memberPage(her.id, cookie)).json().fields as { field: string }[];
      expect(
        fields.map((f) => f.field),
        name,
      ).toEqual(PROFILE_FIELDS.filter((field) => SEES[name]!.includes(mix[field]!)));
    }
  });

  it('names her by her community name, never her legal name, and keeps signed-in answers private', async () => {
    await db().update(users).set({ communityName: 'Rose' }).where(eq(users.id, her.id));
    const [account] = await db().select().from(users).where(eq(users.id, her.id));
    for (const [name, cookie] of Object.entries(viewers)) {
      const res = await memberPage(her.id, cookie);
      expect(res.json(), name).toMatchObject({ id: her.id, shownName: 'Rose', roleLabel: 'Patient' });
      expect(res.body, name).not.toContain(account!.lastName);
      expect(res.body, name).not.toContain(account!.email);
      expect(res.headers['cache-control'], name).toBe(cookie ? 'private, no-cache' : 'no-cache');
      expect(res.headers['x-robots-tag'], name).toBe('noindex');
    }
  });

  it('lists her public stories to anyone, her members-only ones to members only, never a link-only one', async () => {
    const published = { status: 'approved' as const, publishConsent: true, publishedAt: new Date() };
    await db()
      .insert(stories)
      .values([
        {
          authorId: her.id,
          title: 'p',
          body: 'p',
          publishedTitle: 'For everyone',
          publishedBody: 'p',
          audience: 'public',
          ...published,
        },
        {
          authorId: her.id,
          title: 'm',
          body: 'm',
          publishedTitle: 'For members',
          publishedBody: 'm',
          audience: 'members',
          ...published,
        },
        {
          authorId: her.id,
          title: 'l',
          body: 'l',
          publishedTitle: 'By its link',
          publishedBody: 'l',
          audience: 'link',
          ...published,
        },
        { authorId: her.id, title: 'd', body: 'd', status: 'draft', audience: 'public' },
      ]);
    const titles = async (cookie: string) =>
      ((await memberPage(her.id, cookie)).json().stories as { title: string }[]).map((s) => s.title).sort();
    expect(await titles(viewers.anonymous!)).toEqual(['For everyone']);
    expect(await titles(viewers.member!)).toEqual(['For everyone', 'For members']);
  });

  it('is not found for an unknown or suspended member, and refuses a malformed id', async () => {
    expect((await memberPage('6f1c9b4e-1d2a-4c3b-9e8f-0a1b2c3d4e5f')).statusCode).toBe(404);
    // A malformed id is refused by the id schema, as on every route with an id.
    const malformed = await memberPage('not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { id: 'Not a valid id' } });
    const other = await signUp(t.app, { role: 'patient' });
    expect((await memberPage(other.user.id)).statusCode).toBe(200);
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, other.user.id));
    const suspended = await memberPage(other.user.id, viewers.member);
    expect(suspended.statusCode).toBe(404);
    expect(suspended.json()).toEqual({ message: 'No such member', code: 'NOT_FOUND' });
  });
});

describe('withdrawing a consent', () => {
  it('to sharing puts every field back to "only me" in the same step', async () => {
    const { cookie, user } = await signUp(t.app, { role: 'patient' });
    const member = await signUp(t.app, { role: 'donor' });
    expect((await onboard(cookie, { consentToShare: true })).statusCode).toBe(200);
    for (const field of PROFILE_FIELDS) expect((await setVisibility(cookie, field, 'public')).statusCode).toBe(200);
    expect((await memberPage(user.id, member.cookie)).json().fields).toHaveLength(PROFILE_FIELDS.length);
    expect((await withdraw(cookie, 'share')).statusCode).toBe(204);
    expect(await settingsOf(user.id)).toEqual([]);
    expect((await memberPage(user.id, member.cookie)).json().fields).toEqual([]);
    expect((await memberPage(user.id)).json().fields).toEqual([]);
    const own = (await getWith(t.app, '/api/user/profile/visibility', cookie)).json();
    expect(own.mayShare).toBe(false);
    expect(own.fields.map((f: { visibility: string }) => f.visibility)).toEqual(PROFILE_FIELDS.map(() => 'only-me'));
    // Given again, the consent does not bring the wider settings back: she chooses again.
    expect((await giveHealthConsent(t, cookie, 'share')).statusCode).toBe(201);
    expect((await memberPage(user.id)).json().fields).toEqual([]);
  });

  it('to collecting deletes her answers and their settings', async () => {
    const { cookie, user } = await signUp(t.app, { role: 'patient' });
    expect((await onboard(cookie, { consentToShare: true })).statusCode).toBe(200);
    expect((await setVisibility(cookie, 'symptoms', 'public')).statusCode).toBe(200);
    expect(await settingsOf(user.id)).toHaveLength(1);
    expect((await withdraw(cookie, 'collect')).statusCode).toBe(204);
    expect(await db().select().from(patientProfiles).where(eq(patientProfiles.userId, user.id))).toEqual([]);
    expect(await settingsOf(user.id)).toEqual([]);
    expect((await memberPage(user.id)).json().fields).toEqual([]);
  });
});

describe('her data', () => {
  it('exports her settings, and deleting her account deletes them', async () => {
    const { cookie, user } = await signUp(t.app, { role: 'patient' });
    expect((await onboard(cookie, { consentToShare: true })).statusCode).toBe(200);
    expect((await setVisibility(cookie, 'treatmentGoals', 'members')).statusCode).toBe(200);
    const exported = (await getWith(t.app, '/api/user/export', cookie)).json();
    expect(exported.profileFieldVisibility).toEqual([
      { field: 'treatmentGoals', visibility: 'members', updatedAt: expect.any(String) },
    ]);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: STRONG_PASSWORD },
      headers: { cookie, origin: SITE_ORIGIN },
    });
    expect(gone.statusCode).toBe(204);
    expect(await settingsOf(user.id)).toEqual([]);
  });
});
