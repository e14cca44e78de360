/**
 * An attestation is withdrawn when the goal or plan changes (issue 18): `settleReviewsAfterPlanChange`, called in the
 * transaction of the change, ends it, takes the public line down, ends the doctor's grant and tells both.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { injectFrom, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith } from '../../../../tests/setup/accounts.ts';
import { signedInAdminForSuite } from '../../../../tests/factories/users.ts';
import {
  completeApplication,
  FUNDRAISER_PAYEE,
  fullDraft,
  liveFundraiser,
  saveFundraiser,
  uploadFundraiserFile,
} from '../../../../tests/factories/fundraisers.ts';
import {
  askForReview,
  ATTESTATION,
  decideReview,
  readPlanVersion,
  revokeReview,
  signedInDoctor,
} from '../../../../tests/factories/medical-reviews.ts';
import { backgroundMailSent, run, SYSTEM_ACTOR, type CommandContext } from '../../commands/run.ts';
import { settleReviewsAfterPlanChange } from '../../commands/medical-reviews.ts';
import { fundraiserEvents, fundraisers, medicalReviews, notifications, outbox } from '../../db/schema/index.ts';
import { fakeClock } from '../../services/clock.ts';
import { decideAsManager } from '../../../../tests/factories/public-fundraisers.ts';

const t = setupTestApp();
const db = () => t.database.db;
const manager = signedInAdminForSuite(t, 'manager');

const REASON = 'The goal changed from $9,450.50 to $12,000.00';

/** What a goal or plan change does in its own command: withdraw, and mail the notices after the commit. */
const planChanged = (fundraiserId: string, env = t.app.commandEnv()) =>
  run(env, SYSTEM_ACTOR, async (ctx: CommandContext) => {
    const notices = await settleReviewsAfterPlanChange(ctx, fundraiserId, REASON);
    ctx.afterCommit.mailNotifications(notices);
    return notices;
  });

describe('settleReviewsAfterPlanChange', () => {
  it('withdraws an attestation: the public line goes, the grant ends, the doctor and the patient are told', async () => {
    const patient = await liveFundraiser(t, manager.cookie);
    const slug = patient.approved.slug as string;
    const doctor = await signedInDoctor(t);
    const reviewId = (await askForReview(t, patient.cookie, doctor.id)).json().review.id as string;
    expect((await decideReview(t, doctor.cookie, reviewId, 'attest')).statusCode).toBe(200);
    expect((await t.app.inject(`/api/fundraisers/${slug}`)).json().medicalReview).not.toBeNull();

    const notices = await planChanged(patient.fundraiser.id);
    await backgroundMailSent();
    expect(notices.map((n) => n.userId).sort()).toEqual([doctor.id, patient.user.id].sort());

    const [row] = await db().select().from(medicalReviews).where(eq(medicalReviews.id, reviewId));
    expect(row).toMatchObject({ status: 'withdrawn', endedReason: REASON, endedAt: expect.any(Date) });
    expect((await t.app.inject(`/api/fundraisers/${slug}`)).json().medicalReview).toBeNull();
    expect((await getWith(t.app, `/api/uploads/${patient.documentId}`, doctor.cookie)).statusCode).toBe(404);
    expect((await getWith(t.app, `/api/doctor/medical-reviews/${reviewId}`, doctor.cookie)).statusCode).toBe(404);
    // A withdrawn attestation is decided: the doctor cannot attest it again, the patient may ask anew.
    expect((await decideReview(t, doctor.cookie, reviewId, 'attest')).statusCode).toBe(409);
    const mine = (await getWith(t.app, '/api/my-fundraiser/medical-review', patient.cookie)).json().review;
    expect(mine).toMatchObject({ status: 'withdrawn', endedReason: REASON });
    expect((await askForReview(t, patient.cookie, doctor.id)).statusCode).toBe(201);

    for (const userId of [doctor.id, patient.user.id]) {
      const told = await db().select().from(notifications).where(eq(notifications.userId, userId));
      expect(told.some((n) => n.type === 'medical_review' && n.body.includes(REASON))).toBe(true);
    }
    const mailed = await db().select({ to: outbox.to, text: outbox.text }).from(outbox);
    expect(mailed.filter((m) => m.text.includes(REASON)).map((m) => m.to)).toEqual(
      expect.arrayContaining([doctor.person.email, patient.person.email]),
    );
    const history = await db()
      .select()
      .from(fundraiserEvents)
      .where(eq(fundraiserEvents.fundraiserId, patient.fundraiser.id));
    expect(history.find((e) => e.action === 'medical_review_withdrawn')?.message).toBe(REASON);
  });

  it('leaves a request still waiting for the doctor standing and tells her the plan changed; a fundraiser without a review tells no one', async () => {
    const patient = await completeApplication(t);
    expect(await planChanged(patient.fundraiser.id)).toEqual([]);
    const doctor = await signedInDoctor(t);
    const reviewId = (await askForReview(t, patient.cookie, doctor.id)).json().review.id as string;
    expect(await planChanged(patient.fundraiser.id)).toEqual([
      expect.objectContaining({ userId: doctor.id, title: 'A plan you were asked to review has changed' }),
    ]);
    const [row] = await db().select().from(medicalReviews).where(eq(medicalReviews.id, reviewId));
    expect(row!.status).toBe('requested');
    // She sees the plan as it stands now when she opens it, so her decision is about the new one.
    expect((await getWith(t.app, `/api/uploads/${patient.documentId}`, doctor.cookie)).statusCode).toBe(200);
  });

  it('dates the withdrawal by the command’s clock, as the patient reads it', async () => {
    const patient = await completeApplication(t);
    const doctor = await signedInDoctor(t);
    const reviewId = (await askForReview(t, patient.cookie, doctor.id)).json().review.id as string;
    expect((await decideReview(t, doctor.cookie, reviewId, 'attest')).statusCode).toBe(200);
    const at = new Date('2031-03-04T05:06:07.000Z');

    await planChanged(patient.fundraiser.id, { ...t.app.commandEnv(), clock: fakeClock(at) });
    const mine = (await getWith(t.app, '/api/my-fundraiser/medical-review', patient.cookie)).json().review;
    expect(mine).toMatchObject({ status: 'withdrawn', endedAt: at.toISOString() });
  });

  /** A patient's complete application, attested by a doctor she asked; a reader of the review's status. */
  async function attestedApplication() {
    const patient = await completeApplication(t);
    const doctor = await signedInDoctor(t);
    const reviewId = (await askForReview(t, patient.cookie, doctor.id)).json().review.id as string;
    expect((await decideReview(t, doctor.cookie, reviewId, 'attest')).statusCode).toBe(200);
    const status = async () =>
      (await db().select().from(medicalReviews).where(eq(medicalReviews.id, reviewId)))[0]!.status;
    return { patient, status };
  }

  it('is what saving a draft with another plan does, while saving a new title alone keeps the attestation', async () => {
    const { patient, status } = await attestedApplication();
    const draft = fullDraft(patient.documentId);
    expect((await saveFundraiser(t, patient.cookie, { ...draft, title: 'A clearer title' })).statusCode).toBe(200);
    expect(await status()).toBe('attested');

    const costlier = { ...draft, costGroups: [{ key: 'surgery', amount: 12_000, note: 'Excision surgery' }] };
    expect((await saveFundraiser(t, patient.cookie, costlier)).statusCode).toBe(200);
    expect(await status()).toBe('withdrawn');
  });

  type Draft = ReturnType<typeof fullDraft>;
  it.each([
    ['the payee', (draft: Draft) => ({ ...draft, payee: { ...FUNDRAISER_PAYEE, name: 'Lakeside Surgical Centre' } })],
    ['its documents', (draft: Draft, quote: string) => ({ ...draft, documentIds: [...draft.documentIds, quote] })],
  ] as const)(
    'is what saving a draft whose only change is %s does: the patient reads her review as withdrawn',
    async (_what, change) => {
      const { patient, status } = await attestedApplication();
      const quote = await uploadFundraiserFile(t, patient.cookie, 'document');
      const changed = change(fullDraft(patient.documentId), quote);
      expect((await saveFundraiser(t, patient.cookie, changed)).statusCode).toBe(200);
      expect(await status()).toBe('withdrawn');
      const mine = (await getWith(t.app, '/api/my-fundraiser/medical-review', patient.cookie)).json().review;
      expect(mine).toMatchObject({
        status: 'withdrawn',
        endedReason: 'The fundraiser’s goal, payee or documents changed.',
      });
    },
  );

  it('is what approving a live fundraiser’s money change does: the attestation stands while the change waits, and once approved it is withdrawn and its page no longer says "medically reviewed"', async () => {
    const patient = await liveFundraiser(t, manager.cookie);
    const slug = patient.approved.slug as string;
    const publicReview = async () => (await t.app.inject(`/api/fundraisers/${slug}`)).json().medicalReview;
    const doctor = await signedInDoctor(t);
    const reviewId = (await askForReview(t, patient.cookie, doctor.id)).json().review.id as string;
    expect((await decideReview(t, doctor.cookie, reviewId, 'attest')).statusCode).toBe(200);
    const attestation = { id: doctor.id, name: doctor.name, specialty: 'Obstetrics & Gynecology' };
    expect(await publicReview()).toEqual(attestation);

    const quote = await uploadFundraiserFile(t, patient.cookie, 'document');
    const proposed = await injectFrom(t.app, {
      method: 'PUT',
      url: '/api/my-fundraiser/money-change',
      body: {
        costGroups: [{ key: 'surgery', amount: 12_000, note: 'Excision surgery, new quote' }],
        payee: FUNDRAISER_PAYEE,
        documentIds: [quote],
      },
      headers: { cookie: patient.cookie },
    });
    expect(proposed.statusCode).toBe(200);
    expect(await publicReview()).toEqual(attestation);

    const approved = await decideAsManager(t.app, manager.cookie, patient.fundraiser.id, 'money-change/approve', {});
    expect(approved.statusCode).toBe(200);
    const [row] = await db().select().from(medicalReviews).where(eq(medicalReviews.id, reviewId));
    expect(row).toMatchObject({
      status: 'withdrawn',
      endedReason: 'The fundraiser’s goal, payee or documents changed.',
      endedAt: expect.any(Date),
    });
    expect(await publicReview()).toBeNull();
  });
});

describe('an attestation binds the plan the doctor read', () => {
  const costlier = (documentId: string) => ({
    ...fullDraft(documentId),
    costGroups: [{ key: 'surgery', amount: 250_000, note: 'Excision surgery' }],
  });

  it('refuses an attestation on a plan the patient changed after the doctor opened it, with 409 and the current version; she is told and can attest the new plan', async () => {
    const patient = await completeApplication(t);
    const doctor = await signedInDoctor(t);
    const reviewId = (await askForReview(t, patient.cookie, doctor.id)).json().review.id as string;
    const read = (await getWith(t.app, `/api/doctor/medical-reviews/${reviewId}`, doctor.cookie)).json();
    expect(read.fundraiser.goalCents).toBe(945_050);

    expect((await saveFundraiser(t, patient.cookie, costlier(patient.documentId))).statusCode).toBe(200);
    // A second tweak before she decides tells her nothing more: one notice (and one mail) per request.
    const tweaked = costlier(patient.documentId);
    tweaked.costGroups = [{ key: 'surgery', amount: 250_010, note: 'Excision surgery' }];
    expect((await saveFundraiser(t, patient.cookie, tweaked)).statusCode).toBe(200);
    const told = await db().select().from(notifications).where(eq(notifications.userId, doctor.id));
    expect(told.filter((n) => n.title === 'A plan you were asked to review has changed')).toHaveLength(1);

    const attest = (planVersion: unknown) =>
      injectFrom(t.app, {
        url: `/api/doctor/medical-reviews/${reviewId}/attest`,
        body: { ...ATTESTATION, planVersion },
        headers: { cookie: doctor.cookie },
      });
    expect((await attest(undefined)).statusCode).toBe(400);
    const stale = await attest(read.fundraiser.planVersion);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', currentVersion: read.fundraiser.planVersion + 2 });
    const [waiting] = await db().select().from(medicalReviews).where(eq(medicalReviews.id, reviewId));
    expect(waiting).toMatchObject({ status: 'requested', attestedPlan: null });

    const again = (await getWith(t.app, `/api/doctor/medical-reviews/${reviewId}`, doctor.cookie)).json();
    expect(again.fundraiser.goalCents).toBe(25_001_000);
    expect((await attest(again.fundraiser.planVersion)).statusCode).toBe(200);
    const [attested] = await db().select().from(medicalReviews).where(eq(medicalReviews.id, reviewId));
    expect(attested!.attestedPlan!.goalCents).toBe(25_001_000);
  });

  it('shows a public "Medically reviewed" only while the attested plan version is the fundraiser’s current one', async () => {
    const patient = await liveFundraiser(t, manager.cookie);
    const slug = patient.approved.slug as string;
    const doctor = await signedInDoctor(t);
    const reviewId = (await askForReview(t, patient.cookie, doctor.id)).json().review.id as string;
    expect((await decideReview(t, doctor.cookie, reviewId, 'attest')).statusCode).toBe(200);
    const shown = async () => ({
      page: (await t.app.inject(`/api/fundraisers/${slug}`)).json().medicalReview,
      list: (await t.app.inject('/api/fundraisers')).json().items.find((i: { slug: string }) => i.slug === slug)
        .medicallyReviewedBy,
    });
    expect(await shown()).toEqual({ page: expect.objectContaining({ id: doctor.id }), list: expect.any(String) });
    // The plan moved on without the attestation being withdrawn (what a lost race would leave behind).
    await db()
      .update(fundraisers)
      .set({ planVersion: sql`${fundraisers.planVersion} + 1` })
      .where(eq(fundraisers.id, patient.fundraiser.id));
    expect(await shown()).toEqual({ page: null, list: null });
  });

  /** A live fundraiser with a doctor asked to review it, the plan version she read, and a money change waiting. */
  async function moneyChangeWaitingWhileAsked() {
    const patient = await liveFundraiser(t, manager.cookie);
    const doctor = await signedInDoctor(t);
    const reviewId = (await askForReview(t, patient.cookie, doctor.id)).json().review.id as string;
    const planVersion = await readPlanVersion(t, doctor.cookie, reviewId);
    const quote = await uploadFundraiserFile(t, patient.cookie, 'document');
    const proposed = await injectFrom(t.app, {
      method: 'PUT',
      url: '/api/my-fundraiser/money-change',
      body: { costGroups: [{ key: 'surgery', amount: 250_000 }], payee: FUNDRAISER_PAYEE, documentIds: [quote] },
      headers: { cookie: patient.cookie },
    });
    const revisionId = proposed.json().fundraiser.revision.id as string;
    const attest = () =>
      injectFrom(t.app, {
        url: `/api/doctor/medical-reviews/${reviewId}/attest`,
        body: { ...ATTESTATION, planVersion },
        headers: { cookie: doctor.cookie },
      });
    const approve = () =>
      injectFrom(t.app, {
        url: `/api/admin/fundraisers/${patient.fundraiser.id}/money-change/approve`,
        body: { revisionId },
        headers: { cookie: manager.cookie },
      });
    const publicReview = async () =>
      (await t.app.inject(`/api/fundraisers/${patient.approved.slug as string}`)).json().medicalReview;
    return { attest, approve, publicReview };
  }

  it('refuses an attestation of the plan a manager’s approved money change replaced after the doctor read it', async () => {
    const { attest, approve, publicReview } = await moneyChangeWaitingWhileAsked();
    expect((await approve()).statusCode).toBe(200);
    const stale = await attest();
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    expect(await publicReview()).toBeNull();
  });

  it('never leaves a stale "Medically reviewed" when an attestation and the approval of a money change are sent together', async () => {
    for (let round = 0; round < 3; round++) {
      const { attest, approve, publicReview } = await moneyChangeWaitingWhileAsked();
      const [attested, approved] = await Promise.all([attest(), approve()]);
      expect(approved.statusCode).toBe(200);
      expect([200, 409]).toContain(attested.statusCode);
      expect(await publicReview()).toBeNull();
    }
  });

  it('shows a doctor whose access ended the application’s title as it was then, not a later one', async () => {
    const patient = await completeApplication(t, 'Excision surgery for Maya');
    const doctor = await signedInDoctor(t);
    const reviewId = (await askForReview(t, patient.cookie, doctor.id)).json().review.id as string;
    expect((await revokeReview(t, patient.cookie)).statusCode).toBe(200);
    const draft = fullDraft(patient.documentId, 'A new private title');
    expect((await saveFundraiser(t, patient.cookie, draft)).statusCode).toBe(200);
    const list = (await getWith(t.app, '/api/doctor/medical-reviews', doctor.cookie)).json();
    expect(list.items.find((i: { id: string }) => i.id === reviewId).fundraiserTitle).toBe('Excision surgery for Maya');
  });
});
