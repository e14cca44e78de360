/**
 * Her application as her form sends it: blank fields, the planned date of her treatment, withdrawing it before it
 * goes live, and its public address once approved.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getWith } from '../../../../tests/setup/accounts.ts';
import { injectFrom, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import {
  completeApplication,
  liveFundraiser,
  saveFundraiser,
  submittedApplication,
} from '../../../../tests/factories/fundraisers.ts';
import { fundraiserDocuments, fundraisers } from '../../db/schema/index.ts';

const t = setupTestApp();
const db = () => t.database.db;
let managerCookie = '';

beforeAll(async () => {
  managerCookie = (await signInAdmin(t.app, db(), 'manager')).cookie;
});

const withdraw = (cookie: string) =>
  injectFrom(t.app, { method: 'DELETE', url: '/api/my-fundraiser', headers: { cookie } });

describe('withdrawing an application', () => {
  it('deletes her draft and lets her attach its document to a new one', async () => {
    const application = await completeApplication(t);
    const res = await withdraw(application.cookie);
    expect(res.statusCode).toBe(204);
    expect((await getWith(t.app, '/api/my-fundraiser', application.cookie)).json()).toEqual({
      fundraiser: null,
      live: null,
    });
    expect(await db().select().from(fundraisers).where(eq(fundraisers.ownerId, application.user.id))).toEqual([]);
    const again = await saveFundraiser(t, application.cookie, {
      title: 'A new start',
      documentIds: [application.documentId],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().fundraiser.documents.map((d: { id: string }) => d.id)).toEqual([application.documentId]);
  });

  it('takes an application out of the review queue', async () => {
    const application = await submittedApplication(t);
    expect((await withdraw(application.cookie)).statusCode).toBe(204);
    const review = await getWith(t.app, `/api/admin/fundraisers/${application.fundraiser.id}`, managerCookie);
    expect(review.statusCode).toBe(404);
    expect(
      await db().select().from(fundraiserDocuments).where(eq(fundraiserDocuments.uploadId, application.documentId)),
    ).toEqual([]);
  });

  it('refuses to withdraw a live fundraiser (409, she closes it instead) and answers 404 when she has none', async () => {
    const live = await liveFundraiser(t, managerCookie, 'Withdrawal refused');
    const refused = await withdraw(live.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Your fundraiser is live, so it cannot be withdrawn; close it instead');
    const [row] = await db().select().from(fundraisers).where(eq(fundraisers.id, live.fundraiser.id));
    expect(row?.status).toBe('live');

    const none = await completeApplication(t);
    await withdraw(none.cookie);
    const nothing = await withdraw(none.cookie);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json().message).toBe('You have no application to withdraw');
  });
});

describe('blank fields', () => {
  it('saves a form sent with a blank title, story and date as a draft without them', async () => {
    const application = await completeApplication(t);
    const res = await saveFundraiser(t, application.cookie, {
      title: '',
      story: '',
      neededBy: '',
      documentIds: [application.documentId],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().fundraiser).toMatchObject({ title: null, story: null, neededBy: null });
  });

  it('names the payee fields still missing when she has filled in only some of them', async () => {
    const application = await completeApplication(t);
    const res = await saveFundraiser(t, application.cookie, { payee: { name: 'Dr. Ames', route: '' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['payee.kind', 'payee.route']);
  });
});

describe('cost groups', () => {
  it('leaves out the groups the form sends at 0 with no note, and keeps one at 0 that has a note', async () => {
    const application = await completeApplication(t);
    const res = await saveFundraiser(t, application.cookie, {
      costGroups: [
        { key: 'pre-op', amount: 0, note: '' },
        { key: 'surgery', amount: 9000, note: '' },
        { key: 'post-op', amount: 0, note: 'Covered by my insurance' },
        { key: 'travel', amount: 0 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const groups = res
      .json()
      .fundraiser.costGroups.map((g: { key: string; amountCents: number }) => [g.key, g.amountCents]);
    expect(groups).toEqual([
      ['surgery', 900_000],
      ['post-op', 0],
    ]);
    expect(res.json().fundraiser.goalCents).toBe(900_000);
  });
});

describe('when the treatment is planned', () => {
  it('keeps the planned date she gives and shows it back', async () => {
    const application = await completeApplication(t);
    const date = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const res = await saveFundraiser(t, application.cookie, { title: 'Dated', neededBy: date });
    expect(res.statusCode).toBe(200);
    expect(res.json().fundraiser.neededBy).toBe(date);
  });

  it('refuses a date that has passed or is not a date, naming the field and saving nothing', async () => {
    const application = await completeApplication(t);
    for (const neededBy of ['2020-01-01', '31/12/2030', '2030-02-30', 20300101]) {
      const res = await saveFundraiser(t, application.cookie, { title: 'Changed', neededBy });
      expect(res.statusCode, String(neededBy)).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual(['neededBy']);
    }
    const [row] = await db().select().from(fundraisers).where(eq(fundraisers.ownerId, application.user.id));
    expect(row?.title).toBe('Surgery for endometriosis');
    expect(row?.neededBy).toBeNull();
  });
});

describe('the approved application', () => {
  it('shows her the public address of her live fundraiser', async () => {
    const live = await liveFundraiser(t, managerCookie, 'An address of her own');
    const mine = (await getWith(t.app, '/api/my-fundraiser', live.cookie)).json().fundraiser;
    expect(mine).toMatchObject({ status: 'live', slug: 'an-address-of-her-own' });
  });
});
