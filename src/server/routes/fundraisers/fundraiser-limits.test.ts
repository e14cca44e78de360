/**
 * A patient's fundraiser writes are limited per account (decision 009): saving the draft, submitting it, posting
 * updates to a live one and asking for a medical review. A new address for every request buys nothing; past the
 * limit the answer is 429 with the one error shape and a Retry-After, and nothing is written.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { getWith, signUpSettled } from '../../../../tests/setup/accounts.ts';
import { injectFrom, setupTestApp, statusesOf } from '../../../../tests/setup/test-app.ts';
import { signedInAdminForSuite } from '../../../../tests/factories/users.ts';
import { completeApplication, liveFundraiser } from '../../../../tests/factories/fundraisers.ts';
import { signedInDoctor } from '../../../../tests/factories/medical-reviews.ts';
import { giveHealthConsent } from '../../../../tests/factories/health-data-consents.ts';
import { fundraiserEvents, fundraiserUpdates, fundraisers, medicalReviews, rateLimits } from '../../db/schema/index.ts';
import { MEDICAL_REVIEW_WRITE_LIMIT } from '../medical-reviews/medical-reviews.ts';
import { FUNDRAISER_SAVE_LIMIT, FUNDRAISER_SUBMIT_LIMIT, FUNDRAISER_UPDATE_LIMIT } from './fundraisers.ts';
import { decideAsManager } from '../../../../tests/factories/public-fundraisers.ts';

const t = setupTestApp();
const db = () => t.database.db;
const manager = signedInAdminForSuite(t, 'manager');

beforeEach(async () => {
  await db().delete(rateLimits);
});

/** Every request from a new address. */
const send = (cookie: string, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  injectFrom(t.app, { method, url, ...(body === undefined ? {} : { body }), headers: { cookie } });

/** The refusal past a limit: 429, only `{ message, code }`, and when to try again (within the hour's window). */
function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests/) });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

describe('fundraiser writing limits per account', () => {
  it(`saving: after ${FUNDRAISER_SAVE_LIMIT.max} saves in an hour the next gets 429 from a new address and is not saved, while another patient can still save`, async () => {
    const patient = await signUpSettled(t.app, db(), { role: 'patient' });
    const save = (title: string) => send(patient.cookie, 'PUT', '/api/my-fundraiser', { title });
    const seen = await statusesOf(FUNDRAISER_SAVE_LIMIT.max, (i) => save(`Draft number ${i + 1}`));
    expect(seen.every((s) => s === 200)).toBe(true);

    expectLimited(await save('One save too many'));
    const [row] = await db().select().from(fundraisers).where(eq(fundraisers.ownerId, patient.user.id));
    expect(row!.title).toBe(`Draft number ${FUNDRAISER_SAVE_LIMIT.max}`);

    const other = await signUpSettled(t.app, db(), { role: 'patient' });
    expect((await send(other.cookie, 'PUT', '/api/my-fundraiser', { title: 'My own draft' })).statusCode).toBe(200);
  });

  it(`submitting: after ${FUNDRAISER_SUBMIT_LIMIT.max} submissions in an hour the next gets 429 from a new address and the application stays with her`, async () => {
    const application = await completeApplication(t);
    const id = application.fundraiser.id as string;
    const sendBack = async () => {
      const back = await decideAsManager(t.app, manager.cookie, id, 'request-changes', {
        message: 'Please attach the surgeon’s written quote.',
      });
      expect(back.statusCode).toBe(200);
    };
    const seen = await statusesOf(FUNDRAISER_SUBMIT_LIMIT.max, async () => {
      const submitted = await send(application.cookie, 'POST', '/api/my-fundraiser/submit', {});
      await sendBack();
      return submitted;
    });
    expect(seen.every((s) => s === 200)).toBe(true);

    expectLimited(await send(application.cookie, 'POST', '/api/my-fundraiser/submit', {}));
    const [row] = await db().select().from(fundraisers).where(eq(fundraisers.id, id));
    expect(row!.status).toBe('changes_requested');
    const submissions = await db()
      .select()
      .from(fundraiserEvents)
      .where(and(eq(fundraiserEvents.fundraiserId, id), eq(fundraiserEvents.action, 'submitted')));
    expect(submissions).toHaveLength(FUNDRAISER_SUBMIT_LIMIT.max);
  });

  it(`posting updates: after ${FUNDRAISER_UPDATE_LIMIT.max} updates in an hour the next gets 429 from a new address and is neither stored nor shown`, async () => {
    const owner = await liveFundraiser(t, manager.cookie);
    const post = (title: string) =>
      send(owner.cookie, 'POST', '/api/my-fundraiser/updates', {
        title,
        body: 'The clinic has confirmed the date of the operation.',
      });
    const seen = await statusesOf(FUNDRAISER_UPDATE_LIMIT.max, (i) => post(`Update number ${i + 1}`));
    expect(seen.every((s) => s === 201)).toBe(true);

    expectLimited(await post('One update too many'));
    const stored = await db()
      .select()
      .from(fundraiserUpdates)
      .where(eq(fundraiserUpdates.fundraiserId, owner.fundraiser.id));
    expect(stored).toHaveLength(FUNDRAISER_UPDATE_LIMIT.max);
    const page = (await t.app.inject(`/api/fundraisers/${owner.approved.slug as string}`)).json();
    expect(page.updates.map((u: { title: string }) => u.title)).not.toContain('One update too many');
    expect(page.updates).toHaveLength(FUNDRAISER_UPDATE_LIMIT.max);
  });

  it(`asking for a medical review: after ${MEDICAL_REVIEW_WRITE_LIMIT.max} requests in an hour the next gets 429 from a new address and no doctor is asked`, async () => {
    const patient = await completeApplication(t);
    const doctor = await signedInDoctor(t);
    await giveHealthConsent(t, patient.cookie, 'share');
    const ask = () => send(patient.cookie, 'POST', '/api/my-fundraiser/medical-review', { doctorId: doctor.id });
    const seen = await statusesOf(MEDICAL_REVIEW_WRITE_LIMIT.max, async () => {
      const asked = await ask();
      // She cancels each request, so the next one is allowed but for the limit.
      expect((await send(patient.cookie, 'DELETE', '/api/my-fundraiser/medical-review')).statusCode).toBe(200);
      return asked;
    });
    expect(seen.every((s) => s === 201)).toBe(true);

    expectLimited(await ask());
    const requests = await db()
      .select()
      .from(medicalReviews)
      .where(eq(medicalReviews.fundraiserId, patient.fundraiser.id));
    expect(requests).toHaveLength(MEDICAL_REVIEW_WRITE_LIMIT.max);
    expect(requests.every((r) => r.status === 'revoked')).toBe(true);
    const mine = (await getWith(t.app, '/api/my-fundraiser/medical-review', patient.cookie)).json().review;
    expect(mine.status).toBe('revoked');
  });
});
