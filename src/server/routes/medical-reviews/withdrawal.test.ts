/**
 * An attestation is withdrawn when the goal or plan changes (issue 18): `withdrawAttestations`, called in the
 * transaction of the change, ends it, takes the public line down, ends the doctor's grant and tells both.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
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
import { askForReview, decideReview, signedInDoctor } from '../../../../tests/factories/medical-reviews.ts';
import { backgroundMailSent, run, SYSTEM_ACTOR, type CommandContext } from '../../commands/run.ts';
import { withdrawAttestations } from '../../commands/medical-reviews.ts';
import { fundraiserEvents, medicalReviews, notifications, outbox } from '../../db/schema/index.ts';
import { fakeClock } from '../../services/clock.ts';
import { decideAsManager } from '../../../../tests/factories/public-fundraisers.ts';

const t = setupTestApp();
const db = () => t.database.db;
const manager = signedInAdminForSuite(t, 'manager');

const REASON = 'The goal changed from $9,450.50 to $12,000.00';

/** What a goal or plan change does in its own command: withdraw, and mail the notices after the commit. */
const planChanged = (fundraiserId: string, env = t.app.commandEnv()) =>
  run(env, SYSTEM_ACTOR, async (ctx: CommandContext) => {
    const notices = await withdrawAttestations(ctx, fundraiserId, REASON);
    ctx.afterCommit.mailNotifications(notices);
    return notices;
  });

describe('withdrawAttestations', () => {
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

  it('leaves a request still waiting for the doctor, and a fundraiser without a review, as they are', async () => {
    const patient = await completeApplication(t);
    expect(await planChanged(patient.fundraiser.id)).toEqual([]);
    const doctor = await signedInDoctor(t);
    const reviewId = (await askForReview(t, patient.cookie, doctor.id)).json().review.id as string;
    expect(await planChanged(patient.fundraiser.id)).toEqual([]);
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
