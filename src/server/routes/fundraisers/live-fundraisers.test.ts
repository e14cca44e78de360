/**
 * A live fundraiser in its owner's hands (issue 18): dated updates mailed to followers, story edits kept as versions,
 * money changes reviewed while the page keeps the approved figures, and closing it; every refusal.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { getWith, signUp, signUpSettled } from '../../../../tests/setup/accounts.ts';
import { injectFrom, postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { signedInAdminForSuite } from '../../../../tests/factories/users.ts';
import {
  FUNDRAISER_PAYEE,
  FUNDRAISER_STORY,
  completeApplication,
  liveFundraiser,
  uploadFundraiserFile,
} from '../../../../tests/factories/fundraisers.ts';
import { mainAppealId, MAIN_APPEAL_API } from '../../../../tests/factories/donations.ts';
import { backgroundMailSent } from '../../commands/run.ts';
import {
  auditLog,
  campaignFollowers,
  campaigns,
  fundraiserEvents,
  fundraiserRevisions,
  fundraisers,
  outbox,
  rateLimits,
} from '../../db/schema/index.ts';

const t = setupTestApp();
const db = () => t.database.db;
const manager = signedInAdminForSuite(t, 'manager');
beforeEach(async () => {
  await db().delete(rateLimits);
});

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, body: unknown = {}) =>
  injectFrom(t.app, { method, url, body, headers: { cookie } });
const mine = async (cookie: string) => (await getWith(t.app, '/api/my-fundraiser', cookie)).json();
const publicPage = (slug: string) => t.app.inject(`/api/fundraisers/${slug}`);
const live = () => liveFundraiser(t, manager.cookie);
const campaignOf = async (fundraiserId: string) => {
  const [row] = await db()
    .select({ campaign: campaigns })
    .from(fundraisers)
    .innerJoin(campaigns, eq(campaigns.id, fundraisers.campaignId))
    .where(eq(fundraisers.id, fundraiserId));
  return row!.campaign;
};
const history = async (fundraiserId: string) =>
  (await db().select().from(fundraiserEvents).where(eq(fundraiserEvents.fundraiserId, fundraiserId))).map(
    (e) => e.action,
  );

/** Every money change proposed for the fundraiser, oldest first: its status and goal. */
const proposalsOf = async (fundraiserId: string) =>
  (
    await db()
      .select()
      .from(fundraiserRevisions)
      .where(eq(fundraiserRevisions.fundraiserId, fundraiserId))
      .orderBy(fundraiserRevisions.proposedAt)
  ).map((r) => [r.status, r.goalCents]);

const UPDATE = { title: 'Surgery date set', body: 'The clinic has set the date.\n\nThank you all for your gifts.' };

describe('dated updates', () => {
  it('shows on the public page newest first and is mailed once to following accounts and confirmed addresses, with unsubscribe links', async () => {
    const owner = await live();
    const campaign = await campaignOf(owner.fundraiser.id);
    const account = await signUp(t.app, { role: 'donor' });
    const confirmed = `confirmed-${Date.now()}@example.org`;
    const unconfirmed = `unconfirmed-${Date.now()}@example.org`;
    expect((await send('PUT', `/api/campaigns/${campaign.slug}/follow`, account.cookie)).json()).toEqual({
      following: true,
    });
    await db()
      .insert(campaignFollowers)
      .values([
        { campaignId: campaign.id, email: confirmed, confirmedAt: new Date() },
        { campaignId: campaign.id, email: unconfirmed },
      ]);

    const first = await send('POST', '/api/my-fundraiser/updates', owner.cookie, UPDATE);
    expect(first.statusCode).toBe(201);
    expect(first.json().notified).toBe(2);
    const second = await send('POST', '/api/my-fundraiser/updates', owner.cookie, {
      title: 'Home again',
      body: 'The surgery went well and I am recovering at home.',
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().live.updates.map((u: { title: string }) => u.title)).toEqual([
      'Home again',
      'Surgery date set',
    ]);

    const page = (await publicPage(campaign.slug)).json();
    expect(page.updates.map((u: { title: string }) => u.title)).toEqual(['Home again', 'Surgery date set']);
    expect(page.updates[1].paragraphs).toEqual(['The clinic has set the date.', 'Thank you all for your gifts.']);
    expect(Date.parse(page.updates[0].postedAt)).not.toBeNaN();

    await backgroundMailSent();
    const mailsTo = (to: string) =>
      db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, to), like(outbox.subject, '%Surgery date set%')));
    const [toAccount] = await mailsTo(account.user.email);
    expect(await mailsTo(confirmed)).toHaveLength(1);
    expect(await mailsTo(unconfirmed)).toHaveLength(0);
    expect(await mailsTo(owner.user.email)).toHaveLength(0);
    expect(toAccount!.text).toContain(`/fundraisers/${campaign.slug}`);
    expect(toAccount!.text).toContain('/unsubscribe?token=');
    expect(toAccount!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(await history(owner.fundraiser.id)).toContain('update_posted');
  });

  it('keeps an update under a content note: the page carries the note with the text, the mail and notification only the note', async () => {
    const owner = await live();
    const campaign = await campaignOf(owner.fundraiser.id);
    const follower = await signUp(t.app, { role: 'donor' });
    await send('PUT', `/api/campaigns/${campaign.slug}/follow`, follower.cookie);
    const posted = await send('POST', '/api/my-fundraiser/updates', owner.cookie, {
      title: 'A hard week',
      body: 'We lost the pregnancy this week, and the surgery is moved.',
      contentNotes: ['pregnancy-loss', 'mental-health', 'pregnancy-loss'],
    });
    expect(posted.statusCode).toBe(201);

    const [update] = (await publicPage(campaign.slug)).json().updates;
    expect(update.contentNotes).toEqual(['pregnancy-loss', 'mental-health']);
    expect(update.paragraphs).toEqual(['We lost the pregnancy this week, and the surgery is moved.']);

    await backgroundMailSent();
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, follower.user.email), like(outbox.subject, '%A hard week%')));
    expect(mail!.text).toContain('Content note: Pregnancy loss, mental health.');
    expect(mail!.text).not.toContain('We lost the pregnancy');
    const notices = (await getWith(t.app, '/api/notifications', follower.cookie)).json();
    expect(JSON.stringify(notices)).toContain('Content note: Pregnancy loss, mental health.');
    expect(JSON.stringify(notices)).not.toContain('We lost the pregnancy');
  });

  it('refuses a content note that is not on the list, posting nothing', async () => {
    const owner = await live();
    const res = await send('POST', '/api/my-fundraiser/updates', owner.cookie, { ...UPDATE, contentNotes: ['gore'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 'contentNotes.0': 'Choose content notes from the list' });
    expect((await mine(owner.cookie)).live.updates).toEqual([]);
  });

  it('refuses an update without a title or too short, naming the field and posting nothing', async () => {
    const owner = await live();
    const res = await send('POST', '/api/my-fundraiser/updates', owner.cookie, { title: 'Hi', body: 'Too short' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual(['title', 'body']);
    expect((await mine(owner.cookie)).live.updates).toEqual([]);
  });

  it('refuses anyone but the owner of a live fundraiser: her own application in review, a patient without one, other roles and strangers', async () => {
    const applicant = await completeApplication(t);
    const draft = await send('POST', '/api/my-fundraiser/updates', applicant.cookie, UPDATE);
    expect(draft.statusCode).toBe(409);
    expect(draft.json().message).toBe('Your fundraiser is a draft, so it cannot be updated');
    const patient = await signUpSettled(t.app, db(), { role: 'patient' });
    expect((await send('POST', '/api/my-fundraiser/updates', patient.cookie, UPDATE)).statusCode).toBe(404);
    const donor = await signUp(t.app, { role: 'donor' });
    expect((await send('POST', '/api/my-fundraiser/updates', donor.cookie, UPDATE)).statusCode).toBe(403);
    expect((await send('POST', '/api/my-fundraiser/updates', manager.cookie, UPDATE)).statusCode).toBe(403);
    expect((await send('POST', '/api/my-fundraiser/updates', '', UPDATE)).statusCode).toBe(401);
  });
});

describe('following a fundraiser', () => {
  const follow = (method: 'GET' | 'PUT' | 'DELETE', slug: string, cookie: string) =>
    injectFrom(t.app, { method, url: `/api/campaigns/${slug}/follow`, headers: { cookie } });

  it('a signed-in reader follows it by its address, reads that she does, and stops; the main appeal’s following is apart', async () => {
    const owner = await live();
    const { slug, id } = await campaignOf(owner.fundraiser.id);
    const reader = await signUp(t.app, { role: 'donor' });
    expect((await follow('GET', slug, reader.cookie)).json()).toEqual({ following: false });
    expect((await follow('PUT', slug, reader.cookie)).json()).toEqual({ following: true });
    expect((await follow('PUT', id, reader.cookie)).json()).toEqual({ following: true });
    expect((await follow('GET', id, reader.cookie)).json()).toEqual({ following: true });
    expect((await getWith(t.app, `${MAIN_APPEAL_API}/follow`, reader.cookie)).json()).toEqual({ following: false });
    expect(
      await db().select().from(campaignFollowers).where(eq(campaignFollowers.userId, reader.user.id)),
    ).toHaveLength(1);
    expect((await follow('DELETE', slug, reader.cookie)).json()).toEqual({ following: false });
    expect((await follow('GET', slug, reader.cookie)).json()).toEqual({ following: false });

    // The main appeal by its id is the same following as by its address.
    expect((await follow('PUT', await mainAppealId(db()), reader.cookie)).json()).toEqual({ following: true });
    expect((await getWith(t.app, `${MAIN_APPEAL_API}/follow`, reader.cookie)).json()).toEqual({ following: true });
  });

  it('refuses a stranger (401), an unknown fundraiser (404) and following a closed one (409), which she may still stop', async () => {
    const owner = await live();
    const { slug } = await campaignOf(owner.fundraiser.id);
    const reader = await signUp(t.app, { role: 'patient' });
    const stranger = await follow('PUT', slug, '');
    expect(stranger.statusCode).toBe(401);
    const unknown = await follow('PUT', 'no-such-fundraiser', reader.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such campaign');
    expect((await follow('PUT', slug, reader.cookie)).statusCode).toBe(200);
    expect((await send('POST', '/api/my-fundraiser/close', owner.cookie)).statusCode).toBe(200);
    const closed = await follow('PUT', slug, reader.cookie);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This fundraiser is closed and posts no more updates');
    expect((await follow('DELETE', slug, reader.cookie)).json()).toEqual({ following: false });
    expect(await db().select().from(campaignFollowers).where(eq(campaignFollowers.userId, reader.user.id))).toEqual([]);
  });
});

describe('story edits', () => {
  const edit = (title: string, story = `${FUNDRAISER_STORY} Updated.`) => ({ title, story, images: [] });

  it('go public at once and keep the text they replace as a numbered version', async () => {
    const owner = await live();
    expect((await mine(owner.cookie)).fundraiser.storyVersion).toBe(1);
    const res = await send('PUT', '/api/my-fundraiser/story', owner.cookie, {
      ...edit('A new title for my surgery'),
      expectedVersion: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().fundraiser).toMatchObject({
      storyVersion: 2,
      title: 'A new title for my surgery',
      status: 'live',
    });
    expect(res.json().live.storyVersions).toEqual([
      expect.objectContaining({ version: 1, title: 'Surgery for endometriosis', story: FUNDRAISER_STORY }),
    ]);
    const page = (await publicPage(owner.fundraiser.slug ?? owner.approved.slug)).json();
    expect(page).toMatchObject({ title: 'A new title for my surgery', story: `${FUNDRAISER_STORY} Updated.` });
    expect(await history(owner.fundraiser.id)).toContain('story_edited');
  });

  it('refuses an edit based on an older version (409) and keeps no version for an edit that changes nothing', async () => {
    const owner = await live();
    const same = await send('PUT', '/api/my-fundraiser/story', owner.cookie, {
      ...edit('Surgery for endometriosis', FUNDRAISER_STORY),
      expectedVersion: 1,
    });
    expect(same.json().fundraiser.storyVersion).toBe(1);
    expect(
      (await send('PUT', '/api/my-fundraiser/story', owner.cookie, { ...edit('First edit'), expectedVersion: 1 }))
        .statusCode,
    ).toBe(200);
    const stale = await send('PUT', '/api/my-fundraiser/story', owner.cookie, {
      ...edit('From an old window'),
      expectedVersion: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect((await mine(owner.cookie)).fundraiser.title).toBe('First edit');
  });

  it('refuses a story under the minimum, an image that is not hers, and a fundraiser not live', async () => {
    const owner = await live();
    const short = await send('PUT', '/api/my-fundraiser/story', owner.cookie, {
      ...edit('Title', 'Too short'),
      expectedVersion: 1,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toHaveProperty('story');
    const other = await live();
    const image = await uploadFundraiserFile(t, other.cookie, 'image');
    const notHers = await send('PUT', '/api/my-fundraiser/story', owner.cookie, {
      ...edit('Title'),
      images: [{ uploadId: image, alt: 'Me at the clinic' }],
      expectedVersion: 1,
    });
    expect(notHers.statusCode).toBe(400);
    expect(notHers.json().fieldErrors).toHaveProperty('images');
    const applicant = await completeApplication(t);
    expect(
      (await send('PUT', '/api/my-fundraiser/story', applicant.cookie, { ...edit('Title'), expectedVersion: 1 }))
        .statusCode,
    ).toBe(409);
  });
});

describe('mail headers', () => {
  it('puts an update title with line breaks and control characters on one line in the subject of every mail it sends', async () => {
    const owner = await live();
    const campaign = await campaignOf(owner.fundraiser.id);
    const follower = `header-${Date.now()}@example.org`;
    await db().insert(campaignFollowers).values({ campaignId: campaign.id, email: follower, confirmedAt: new Date() });
    const posted = await send('POST', '/api/my-fundraiser/updates', owner.cookie, {
      title: 'Surgery set\r\nBcc: someone@example.org\u0007\u2028now',
      body: 'The clinic has set the date.',
    });
    expect(posted.statusCode).toBe(201);
    await backgroundMailSent();
    const [mail] = await db().select().from(outbox).where(eq(outbox.to, follower));
    expect(mail!.subject).not.toMatch(/[\r\n\u2028]/);
    expect(mail!.subject.includes('\u0007')).toBe(false);
    expect(mail!.subject).toMatch(/: Surgery set Bcc: someone@example\.org now$/);
  });
});

describe('money changes', () => {
  const change = (documentId: string, surgery = 12_000) => ({
    costGroups: [
      { key: 'surgery', amount: surgery, note: 'Excision surgery, new quote' },
      { key: 'travel', amount: 450.5 },
    ],
    payee: FUNDRAISER_PAYEE,
    documentIds: [documentId],
  });

  it('wait for review while the page, the campaign goal and the status keep the approved figures; approval changes them together', async () => {
    const owner = await live();
    const campaign = await campaignOf(owner.fundraiser.id);
    const quote = await uploadFundraiserFile(t, owner.cookie, 'document');
    const proposed = await send('PUT', '/api/my-fundraiser/money-change', owner.cookie, change(quote));
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json().fundraiser).toMatchObject({
      status: 'live',
      goalCents: 945_050,
      revision: { status: 'pending', goalCents: 1_245_050 },
    });
    expect((await publicPage(campaign.slug)).json()).toMatchObject({ status: 'live', goalCents: 945_050 });
    expect((await t.app.inject(`/api/campaigns/${campaign.slug}/progress`)).json().goalCents).toBe(945_050);

    const queue = (await getWith(t.app, '/api/admin/fundraisers?status=money_changes', manager.cookie)).json();
    expect(queue.items).toEqual([expect.objectContaining({ id: owner.fundraiser.id, revisionPending: true })]);
    const review = (await getWith(t.app, `/api/admin/fundraisers/${owner.fundraiser.id}`, manager.cookie)).json();
    expect(review.revision).toMatchObject({ status: 'pending', goalCents: 1_245_050 });
    // The reviewing manager may open the newly planned document.
    expect((await getWith(t.app, `/api/uploads/${quote}`, manager.cookie)).statusCode).toBe(200);

    const approved = await postJson(
      t.app,
      `/api/admin/fundraisers/${owner.fundraiser.id}/money-change/approve`,
      { revisionId: review.revision.id },
      { cookie: manager.cookie },
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'live', goalCents: 1_245_050, revision: { status: 'approved' } });
    expect(approved.json().documents.map((d: { id: string }) => d.id)).toEqual([quote]);
    expect((await campaignOf(owner.fundraiser.id)).goalCents).toBe(1_245_050);
    expect((await publicPage(campaign.slug)).json()).toMatchObject({ goalCents: 1_245_050 });
    expect((await t.app.inject(`/api/campaigns/${campaign.slug}/progress`)).json().goalCents).toBe(1_245_050);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fundraiser.money_change_approve'), eq(auditLog.targetId, owner.fundraiser.id)));
    expect(entry).toMatchObject({ actorId: manager.id, after: expect.objectContaining({ goalCents: 1_245_050 }) });
    const mails = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.to, owner.user.email))
      .orderBy(desc(outbox.createdAt));
    expect(mails[0]!.subject).toContain('new goal and plan');
    expect(await history(owner.fundraiser.id)).toEqual(
      expect.arrayContaining(['money_change_proposed', 'money_change_approved']),
    );
  });

  it('refused with a reason: nothing public changes and she reads why', async () => {
    const owner = await live();
    const quote = await uploadFundraiserFile(t, owner.cookie, 'document');
    const revisionId = (await send('PUT', '/api/my-fundraiser/money-change', owner.cookie, change(quote))).json()
      .fundraiser.revision.id;
    const url = `/api/admin/fundraisers/${owner.fundraiser.id}/money-change/refuse`;
    expect((await postJson(t.app, url, { message: 'short', revisionId }, { cookie: manager.cookie })).statusCode).toBe(
      400,
    );
    const refused = await postJson(
      t.app,
      url,
      { message: 'The new quote is not from the clinic you named.', revisionId },
      { cookie: manager.cookie },
    );
    expect(refused.statusCode).toBe(200);
    const read = (await mine(owner.cookie)).fundraiser;
    expect(read).toMatchObject({
      goalCents: 945_050,
      revision: { status: 'refused', reviewMessage: 'The new quote is not from the clinic you named.' },
    });
    expect((await campaignOf(owner.fundraiser.id)).goalCents).toBe(945_050);
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, 'fundraiser.money_change_refuse'));
    expect(audited.some((a) => a.targetId === owner.fundraiser.id)).toBe(true);
    // Nothing waits any more.
    expect(
      (await postJson(t.app, url.replace('refuse', 'approve'), { revisionId }, { cookie: manager.cookie })).statusCode,
    ).toBe(409);
  });

  it('an approval names the proposal the manager read: one replaced after she opened it is refused with 409 and the current proposal, and nothing changes', async () => {
    const owner = await live();
    const campaign = await campaignOf(owner.fundraiser.id);
    await send('PUT', '/api/my-fundraiser/money-change', owner.cookie, change(owner.documentId, 5_000));
    const read = (await getWith(t.app, `/api/admin/fundraisers/${owner.fundraiser.id}`, manager.cookie)).json();
    expect(read.revision).toMatchObject({ status: 'pending', goalCents: 545_050 });
    // After she opened it, the owner replaces it with a far larger goal paid to herself.
    const replaced = await send('PUT', '/api/my-fundraiser/money-change', owner.cookie, {
      ...change(owner.documentId, 900_000),
      payee: { ...FUNDRAISER_PAYEE, name: 'Herself' },
    });
    const current = replaced.json().fundraiser.revision.id;
    expect(current).not.toBe(read.revision.id);

    const url = `/api/admin/fundraisers/${owner.fundraiser.id}/money-change`;
    const noVersion = await postJson(t.app, `${url}/approve`, {}, { cookie: manager.cookie });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().fieldErrors).toHaveProperty('revisionId');
    for (const [step, body] of [
      ['approve', { revisionId: read.revision.id }],
      ['refuse', { revisionId: read.revision.id, message: 'The quote does not match the clinic.' }],
    ] as const) {
      const stale = await postJson(t.app, `${url}/${step}`, body, { cookie: manager.cookie });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'CONFLICT', currentVersion: current });
    }
    expect((await campaignOf(owner.fundraiser.id)).goalCents).toBe(945_050);
    expect((await publicPage(campaign.slug)).json().goalCents).toBe(945_050);
    const decided = await db().select().from(auditLog).where(eq(auditLog.targetId, owner.fundraiser.id));
    expect(decided.filter((a) => a.action.startsWith('fundraiser.money_change'))).toEqual([]);

    // Both proposals are kept: the history shows what was proposed, read and decided.
    expect(await proposalsOf(owner.fundraiser.id)).toEqual([
      ['replaced', 545_050],
      ['pending', 90_045_050],
    ]);
    const approved = await postJson(t.app, `${url}/approve`, { revisionId: current }, { cookie: manager.cookie });
    expect(approved.json()).toMatchObject({ goalCents: 90_045_050, revision: { id: current, status: 'approved' } });
  });

  it('a second proposal replaces the waiting one, which is kept as replaced; she can withdraw it; one equal to the approved plan, without documents or not live is refused', async () => {
    const owner = await live();
    const same = await send('PUT', '/api/my-fundraiser/money-change', owner.cookie, {
      costGroups: [
        { key: 'surgery', amount: 9000, note: 'Excision surgery' },
        { key: 'travel', amount: 450.5 },
      ],
      payee: FUNDRAISER_PAYEE,
      documentIds: [owner.documentId],
    });
    expect(same.statusCode).toBe(400);
    const noDocuments = await send('PUT', '/api/my-fundraiser/money-change', owner.cookie, {
      ...change(owner.documentId),
      documentIds: [],
    });
    expect(noDocuments.statusCode).toBe(400);
    expect(noDocuments.json().fieldErrors).toHaveProperty('documentIds');

    await send('PUT', '/api/my-fundraiser/money-change', owner.cookie, change(owner.documentId, 10_000));
    await send('PUT', '/api/my-fundraiser/money-change', owner.cookie, change(owner.documentId, 11_000));
    expect(await proposalsOf(owner.fundraiser.id)).toEqual([
      ['replaced', 1_045_050],
      ['pending', 1_145_050],
    ]);
    const withdrawn = await send('DELETE', '/api/my-fundraiser/money-change', owner.cookie);
    expect(withdrawn.json().fundraiser.revision.status).toBe('withdrawn');
    expect((await send('DELETE', '/api/my-fundraiser/money-change', owner.cookie)).statusCode).toBe(404);

    const applicant = await completeApplication(t);
    expect(
      (await send('PUT', '/api/my-fundraiser/money-change', applicant.cookie, change(applicant.documentId))).statusCode,
    ).toBe(409);
  });
});

describe('closing', () => {
  const intent = { amount: 40, paymentMethod: 'PayPal', timestamp: '2026-11-25T10:00:00.000Z' };

  it('by the owner: closed, readable with its ledger, no new intents, a waiting money change withdrawn', async () => {
    const owner = await live();
    const campaign = await campaignOf(owner.fundraiser.id);
    const quote = await uploadFundraiserFile(t, owner.cookie, 'document');
    await send('PUT', '/api/my-fundraiser/money-change', owner.cookie, {
      costGroups: [{ key: 'surgery', amount: 20_000 }],
      payee: FUNDRAISER_PAYEE,
      documentIds: [quote],
    });
    const closed = await send('POST', '/api/my-fundraiser/close', owner.cookie);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().fundraiser).toMatchObject({ status: 'closed', revision: { status: 'withdrawn' } });
    expect((await publicPage(campaign.slug)).json()).toMatchObject({ status: 'closed', goalCents: 945_050 });
    expect((await t.app.inject(`/api/campaigns/${campaign.slug}/ledger`)).statusCode).toBe(200);
    const refused = await injectFrom(t.app, { url: `/api/campaigns/${campaign.id}/intents`, body: intent });
    expect(refused.statusCode).toBe(409);
    expect(await history(owner.fundraiser.id)).toContain('closed');
    // Closing again (a second tap) answers it as closed, and the history has one close.
    const again = await send('POST', '/api/my-fundraiser/close', owner.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().fundraiser).toMatchObject({ status: 'closed' });
    expect((await history(owner.fundraiser.id)).filter((action) => action === 'closed')).toHaveLength(1);
    // Closed is final: nothing more to update or change.
    expect((await send('POST', '/api/my-fundraiser/updates', owner.cookie, UPDATE)).statusCode).toBe(409);
  });

  it('by the owner is refused with 409 for her draft and for her application in review, which stay as they were', async () => {
    const applicant = await completeApplication(t);
    const draft = await send('POST', '/api/my-fundraiser/close', applicant.cookie);
    expect(draft.statusCode).toBe(409);
    expect(draft.json()).toEqual({ code: 'CONFLICT', message: 'Your fundraiser is a draft, so it cannot be closed' });
    expect((await mine(applicant.cookie)).fundraiser.status).toBe('draft');

    expect((await send('POST', '/api/my-fundraiser/submit', applicant.cookie)).statusCode).toBe(200);
    const inReview = await send('POST', '/api/my-fundraiser/close', applicant.cookie);
    expect(inReview.statusCode).toBe(409);
    expect(inReview.json()).toEqual({
      code: 'CONFLICT',
      message: 'Your fundraiser is waiting for review, so it cannot be closed',
    });
    expect((await mine(applicant.cookie)).fundraiser.status).toBe('in_review');
    expect(await history(applicant.fundraiser.id)).not.toContain('closed');
  });

  it('by a manager, with the reason she reads: audited and mailed; refused for one not live or without a reason', async () => {
    const owner = await live();
    const url = `/api/admin/fundraisers/${owner.fundraiser.id}/close`;
    expect((await postJson(t.app, url, {}, { cookie: manager.cookie })).statusCode).toBe(400);
    const reason = 'The treatment was paid by insurance; thank you.';
    const closed = await postJson(t.app, url, { message: reason }, { cookie: manager.cookie });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', reviewMessage: reason });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fundraiser.close'), eq(auditLog.targetId, owner.fundraiser.id)));
    expect(entry).toMatchObject({ actorId: manager.id });
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, owner.user.email), like(outbox.subject, '%was closed%')));
    expect(mail!.text).toContain(reason);
    expect((await postJson(t.app, url, { message: reason }, { cookie: manager.cookie })).statusCode).toBe(409);
    const applicant = await completeApplication(t);
    const draft = `/api/admin/fundraisers/${applicant.fundraiser.id}/close`;
    expect((await postJson(t.app, draft, { message: reason }, { cookie: manager.cookie })).statusCode).toBe(404);
  });
});
