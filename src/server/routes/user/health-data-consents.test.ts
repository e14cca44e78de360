import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CONSUMER_HEALTH_POLICY_VERSION, HEALTH_CONSENT_REFUSALS } from '#shared/health-data-consent.ts';
import { postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp } from '../../../../tests/setup/accounts.ts';
import { giveHealthConsent, HEALTH_ANSWERS } from '../../../../tests/factories/health-data-consents.ts';
import { completeApplication } from '../../../../tests/factories/fundraisers.ts';
import { signedInDoctor } from '../../../../tests/factories/medical-reviews.ts';
import { MIGRATIONS_DIR } from '../../paths.ts';
import {
  auditLog,
  healthDataConsents,
  medicalReviews,
  notifications,
  patientProfiles,
  stories,
  users,
} from '../../db/schema/index.ts';

const t = setupTestApp();
const db = () => t.database.db;

const onboard = (cookie: string, data: Record<string, unknown>) =>
  postJson(
    t.app,
    '/api/user/onboarding',
    { role: 'patient', onboardingData: { ...HEALTH_ANSWERS, ...data } },
    { cookie },
  );

const withdraw = (cookie: string, kind: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/user/health-data-consents/${kind}`,
    headers: { cookie, origin: SITE_ORIGIN },
  });

const consentsOf = (userId: string) =>
  db().select().from(healthDataConsents).where(eq(healthDataConsents.userId, userId));

const auditOf = (userId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, action)));

describe('consent to collect consumer health data', () => {
  it('refuses health answers without it, with the message on the field, and writes nothing', async () => {
    const { cookie, user } = await signUp(t.app, { role: 'patient' });
    for (const consent of [{}, { consentToCollect: false }]) {
      const res = await onboard(cookie, consent);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: HEALTH_CONSENT_REFUSALS.collect,
        code: 'VALIDATION',
        fieldErrors: { 'onboardingData.consentToCollect': HEALTH_CONSENT_REFUSALS.collect },
      });
    }
    expect(await db().select().from(patientProfiles).where(eq(patientProfiles.userId, user.id))).toEqual([]);
    expect(await consentsOf(user.id)).toEqual([]);
    const [account] = await db().select().from(users).where(eq(users.id, user.id));
    expect(account!.onboardingCompletedAt).toBeNull();
  });

  it('records the consent with the policy version and the time, audited, before the answers', async () => {
    const { cookie, user } = await signUp(t.app, { role: 'patient' });
    const before = Date.now();
    expect((await onboard(cookie, { consentToCollect: true })).statusCode).toBe(200);
    const [consent, ...more] = await consentsOf(user.id);
    expect(more).toEqual([]);
    expect(consent).toMatchObject({
      kind: 'collect',
      policyVersion: CONSUMER_HEALTH_POLICY_VERSION,
      withdrawnAt: null,
    });
    expect(consent!.givenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await auditOf(user.id, 'user.health_consent_given')).toHaveLength(1);
    // Sending the form again keeps the standing consent: no second row, no second entry.
    expect((await onboard(cookie, { consentToCollect: true })).statusCode).toBe(200);
    expect(await consentsOf(user.id)).toHaveLength(1);

    const read = await getWith(t.app, '/api/user/health-data-consents', cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      policyVersion: CONSUMER_HEALTH_POLICY_VERSION,
      holdsHealthAnswers: true,
      current: { collect: { kind: 'collect', policyVersion: CONSUMER_HEALTH_POLICY_VERSION }, share: null },
    });
  });

  it('withdrawing it deletes the health answers at once, audited; she can give it again', async () => {
    const { cookie, user } = await signUp(t.app, { role: 'patient' });
    expect((await onboard(cookie, { consentToCollect: true })).statusCode).toBe(200);
    const res = await withdraw(cookie, 'collect');
    expect(res.statusCode).toBe(204);
    expect(await db().select().from(patientProfiles).where(eq(patientProfiles.userId, user.id))).toEqual([]);
    const [account] = await db().select().from(users).where(eq(users.id, user.id));
    expect(account!.onboardingCompletedAt).toBeNull();
    const [consent] = await consentsOf(user.id);
    expect(consent!.withdrawnAt).toBeInstanceOf(Date);
    const [entry] = await auditOf(user.id, 'user.health_consent_withdrawn');
    expect(entry).toMatchObject({ actorId: user.id, before: { kind: 'collect' } });
    const profile = await getWith(t.app, '/api/user/profile', cookie);
    expect(profile.json().profile).toBeNull();
    expect(JSON.stringify(profile.json())).not.toContain('endometriosis');
    // Nothing stands now: withdrawing again is a 404.
    expect((await withdraw(cookie, 'collect')).statusCode).toBe(404);

    expect((await giveHealthConsent(t, cookie, 'collect')).statusCode).toBe(201);
    const again = (await getWith(t.app, '/api/user/health-data-consents', cookie)).json();
    expect(again.holdsHealthAnswers).toBe(false);
    expect(again.history).toHaveLength(2);
    expect(again.current.collect).not.toBeNull();
  });

  it('refuses a consent given against an older policy version with 409 and the current one', async () => {
    const { cookie } = await signUp(t.app, { role: 'patient' });
    const res = await postJson(
      t.app,
      '/api/user/health-data-consents',
      { kind: 'share', policyVersion: '2020-01-01' },
      { cookie },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', currentVersion: CONSUMER_HEALTH_POLICY_VERSION });
  });
});

describe('consent to share', () => {
  it('without it, no story is made public and publishing by default is refused', async () => {
    const { cookie } = await signUp(t.app, { role: 'patient' });
    const refused = await onboard(cookie, { consentToCollect: true, allowPublicStory: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      'onboardingData.allowPublicStory': HEALTH_CONSENT_REFUSALS.shareOnboarding,
    });
    expect((await onboard(cookie, { consentToCollect: true })).statusCode).toBe(200);
    const story = { title: 'My story', body: 'A long enough story about the road to a diagnosis. '.repeat(3) };
    const made = await postJson(t.app, '/api/my/stories', { ...story, publishConsent: true }, { cookie });
    expect(made.statusCode).toBe(400);
    expect(made.json().fieldErrors).toEqual({ publishConsent: HEALTH_CONSENT_REFUSALS.shareStory });
    const draft = await postJson(t.app, '/api/my/stories', story, { cookie });
    expect(draft.statusCode).toBe(201);
    expect(draft.json().publishConsent).toBe(false);
    const id = draft.json().id as string;
    const consent = await postJson(t.app, `/api/my/stories/${id}/consent`, { publishConsent: true }, { cookie });
    expect(consent.statusCode).toBe(400);
    expect(consent.json().fieldErrors).toEqual({ publishConsent: HEALTH_CONSENT_REFUSALS.shareStory });

    expect((await giveHealthConsent(t, cookie, 'share')).statusCode).toBe(201);
    expect(
      (await postJson(t.app, `/api/my/stories/${id}/consent`, { publishConsent: true }, { cookie })).statusCode,
    ).toBe(200);
    // Withdrawing it makes every story of hers private at once.
    expect((await withdraw(cookie, 'share')).statusCode).toBe(204);
    const [row] = await db().select().from(stories).where(eq(stories.id, id));
    expect(row!.publishConsent).toBe(false);
  });

  it('without it, she cannot ask a doctor for a medical review; withdrawing it ends the doctor’s access', async () => {
    const patient = await completeApplication(t);
    const doctor = await signedInDoctor(t);
    const ask = () =>
      postJson(t.app, '/api/my-fundraiser/medical-review', { doctorId: doctor.id }, { cookie: patient.cookie });
    const refused = await ask();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(HEALTH_CONSENT_REFUSALS.shareReview);
    expect(await db().select().from(medicalReviews)).toEqual([]);

    expect((await giveHealthConsent(t, patient.cookie, 'share')).statusCode).toBe(201);
    const asked = await ask();
    expect(asked.statusCode).toBe(201);
    expect((await withdraw(patient.cookie, 'share')).statusCode).toBe(204);
    const [review] = await db().select().from(medicalReviews);
    expect(review).toMatchObject({ status: 'revoked', endedReason: expect.stringContaining('consent') });
    expect(await auditOf(patient.user.id, 'user.health_consent_withdrawn')).toHaveLength(1);
  });
});

describe('the data export', () => {
  it('lists every consent given and withdrawn', async () => {
    const { cookie } = await signUp(t.app, { role: 'patient' });
    expect((await onboard(cookie, { consentToCollect: true, consentToShare: true })).statusCode).toBe(200);
    expect((await withdraw(cookie, 'share')).statusCode).toBe(204);
    const exported = (await getWith(t.app, '/api/user/export', cookie)).json();
    expect(exported.healthDataConsents).toEqual([
      expect.objectContaining({ kind: 'collect', policyVersion: CONSUMER_HEALTH_POLICY_VERSION, withdrawnAt: null }),
      expect.objectContaining({ kind: 'share', withdrawnAt: expect.any(String) }),
    ]);
  });
});

describe('answers given before consents were asked', () => {
  /** A patient onboarded before decision 017: her answers are stored, with no consent row. */
  const answeredBeforeConsent = async () => {
    const patient = await signUp(t.app, { role: 'patient' });
    await db()
      .insert(patientProfiles)
      .values({ userId: patient.user.id, ...HEALTH_ANSWERS });
    await db().update(users).set({ onboardingCompletedAt: new Date() }).where(eq(users.id, patient.user.id));
    return patient;
  };
  const deleteAnswers = (cookie: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/user/health-answers', headers: { cookie, origin: SITE_ORIGIN } });
  const askedOnce = async () => {
    const statement = readFileSync(join(MIGRATIONS_DIR, '0037_ask_consent_for_earlier_answers.sql'), 'utf8');
    await db().execute(sql.raw(statement));
  };

  it('asks each such patient once, in the app, to give the consent or delete them; nobody who consented is asked', async () => {
    const before = await answeredBeforeConsent();
    const consented = await signUp(t.app, { role: 'patient' });
    expect((await onboard(consented.cookie, { consentToCollect: true })).statusCode).toBe(200);
    await askedOnce();
    await askedOnce();
    const asked = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.eventKey, 'health-consent:answers-before-consent'));
    expect(asked.filter((n) => n.userId === before.user.id)).toEqual([
      expect.objectContaining({
        title: 'Your health answers need your consent',
        link: '/profile#health-consent-title',
      }),
    ]);
    expect(asked.filter((n) => n.userId === consented.user.id)).toEqual([]);
  });

  it('shows she holds answers without consent; giving it keeps them', async () => {
    const { cookie, user } = await answeredBeforeConsent();
    const read = (await getWith(t.app, '/api/user/health-data-consents', cookie)).json();
    expect(read).toMatchObject({ holdsHealthAnswers: true, current: { collect: null } });
    const given = await postJson(
      t.app,
      '/api/user/health-data-consents',
      { kind: 'collect', policyVersion: CONSUMER_HEALTH_POLICY_VERSION },
      { cookie },
    );
    expect(given.statusCode).toBe(201);
    expect(await db().select().from(patientProfiles).where(eq(patientProfiles.userId, user.id))).toHaveLength(1);
  });

  it('deletes them at her word without a consent, audited, and her onboarding is unfinished again', async () => {
    const { cookie, user } = await answeredBeforeConsent();
    expect((await deleteAnswers(cookie)).statusCode).toBe(204);
    expect(await db().select().from(patientProfiles).where(eq(patientProfiles.userId, user.id))).toEqual([]);
    const [account] = await db().select().from(users).where(eq(users.id, user.id));
    expect(account!.onboardingCompletedAt).toBeNull();
    expect(await auditOf(user.id, 'user.health_answers_deleted')).toHaveLength(1);
    const again = await deleteAnswers(cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('We hold no health answers of yours');
  });
});
