/** The campaign editor (issue 6): dated updates told to followers, the campaign's owner, and its images. */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { OWNER_EMAIL_UNCONFIRMED } from '#shared/account-messages.ts';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { MAIN_APPEAL_API } from '../../../../tests/factories/donations.ts';
import { getWith, signUp } from '../../../../tests/setup/accounts.ts';
import { CAMPAIGN, campaignEditor } from '../../../../tests/setup/campaign-editor.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { PNG_7X5 } from '../../../../tests/factories/images.ts';
import { backgroundMailSent } from '../../commands/run.ts';
import { auditLog, notifications, outbox, rateLimits, uploads, users } from '../../db/schema/index.ts';

const t = setupTestApp();
let superAdmin = { id: '', cookie: '' };

const { send, current, upload, publish } = campaignEditor(t, () => superAdmin.cookie);
const campaignAudit = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

beforeAll(async () => {
  const { admin, cookie } = await signInAdmin(t.app, t.database.db, 'super_admin', {
    firstName: 'Sam',
    lastName: 'Super',
  });
  superAdmin = { id: admin.id, cookie };
});

beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

describe('dated updates and followers', () => {
  const notices = (userId: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'campaign_update')));
  const mailsTo = async (email: string) => {
    // Update mail goes out after the answer.
    await backgroundMailSent();
    return t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.subject, '%Surgery results%')));
  };

  it('lets signed-in people follow and unfollow (idempotently); anonymous callers get 401', async () => {
    const person = await signUp(t.app, { role: 'donor' });
    expect((await getWith(t.app, `${MAIN_APPEAL_API}/follow`, person.cookie)).json()).toEqual({ following: false });
    expect((await send('PUT', `${MAIN_APPEAL_API}/follow`, person.cookie)).json()).toEqual({ following: true });
    expect((await send('PUT', `${MAIN_APPEAL_API}/follow`, person.cookie)).json()).toEqual({ following: true });
    expect((await getWith(t.app, `${MAIN_APPEAL_API}/follow`, person.cookie)).json()).toEqual({ following: true });
    expect((await send('DELETE', `${MAIN_APPEAL_API}/follow`, person.cookie)).json()).toEqual({ following: false });
    expect((await send('DELETE', `${MAIN_APPEAL_API}/follow`, person.cookie)).json()).toEqual({ following: false });
    expect((await getWith(t.app, `${MAIN_APPEAL_API}/follow`, person.cookie)).json()).toEqual({ following: false });
    expect((await t.app.inject(`${MAIN_APPEAL_API}/follow`)).statusCode).toBe(401);
    expect((await send('PUT', `${MAIN_APPEAL_API}/follow`, '')).statusCode).toBe(401);
  });

  it('puts the update first, tells every active follower once (in-app and by email), and nobody else', async () => {
    const follower = await signUp(t.app, { role: 'donor' });
    const quiet = await signUp(t.app, { role: 'patient' });
    const suspended = await signUp(t.app, { role: 'donor' });
    const bystander = await signUp(t.app, { role: 'donor' });
    for (const p of [follower, quiet, suspended])
      expect((await send('PUT', `${MAIN_APPEAL_API}/follow`, p.cookie)).statusCode).toBe(200);
    await t.database.db.update(users).set({ notifyByEmail: false }).where(eq(users.id, quiet.user.id));
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));

    const { version, content } = await current();
    const update = {
      date: '2026-01-20',
      title: 'Surgery results',
      paragraphs: ['The surgery went well.', 'Maya is resting at home.'],
      notifyFollowers: true,
      expectedVersion: version,
    };
    const res = await postJson(t.app, `${CAMPAIGN}/updates`, update, { cookie: superAdmin.cookie });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ version: version + 1, notified: 2 });
    const updates = (await t.app.inject('/api/campaign')).json().content.journey.updates;
    expect(updates[0]).toEqual({
      date: '2026-01-20',
      title: 'Surgery results',
      paragraphs: ['The surgery went well.', 'Maya is resting at home.'],
    });
    expect(updates.slice(1)).toEqual(content.journey.updates);

    const [notice] = await notices(follower.user.id);
    expect(notice).toMatchObject({
      title: `${content.name}: Surgery results`,
      body: 'The surgery went well.',
      link: '/',
    });
    expect(await notices(quiet.user.id)).toHaveLength(1);
    expect(await notices(suspended.user.id)).toHaveLength(0);
    expect(await notices(bystander.user.id)).toHaveLength(0);
    expect(await mailsTo(follower.person.email)).toHaveLength(1);
    expect(await mailsTo(quiet.person.email)).toHaveLength(0);
    const [entry] = await campaignAudit('campaign.update');
    expect(entry).toMatchObject({
      before: { version },
      after: { version: version + 1, title: 'Surgery results', notifyFollowers: true },
    });

    // The same request again (a retry) is refused as stale: nobody is told twice.
    expect((await postJson(t.app, `${CAMPAIGN}/updates`, update, { cookie: superAdmin.cookie })).statusCode).toBe(409);
    // An update posted without notifying tells nobody.
    const quietUpdate = {
      date: '2026-01-21',
      title: 'A small note',
      paragraphs: ['Thank you all.'],
      notifyFollowers: false,
      expectedVersion: version + 1,
    };
    expect(
      (await postJson(t.app, `${CAMPAIGN}/updates`, quietUpdate, { cookie: superAdmin.cookie })).json(),
    ).toMatchObject({ notified: 0 });
    expect(await notices(follower.user.id)).toHaveLength(1);
    expect(await mailsTo(follower.person.email)).toHaveLength(1);
  });

  it('puts an older-dated update in its place among the others, and refuses a bad one', async () => {
    const { version } = await current();
    const res = await postJson(
      t.app,
      `${CAMPAIGN}/updates`,
      {
        date: '2025-10-01',
        title: 'Looking back',
        paragraphs: ['An October note.'],
        notifyFollowers: false,
        expectedVersion: version,
      },
      { cookie: superAdmin.cookie },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().content.journey.updates.map((u: { date: string }) => u.date)).toEqual([
      '2026-01-21',
      '2026-01-20',
      '2025-10-01',
      '2025-09-11',
    ]);
    const bad = await postJson(
      t.app,
      `${CAMPAIGN}/updates`,
      { date: '20 Jan', title: '', paragraphs: [], notifyFollowers: false, expectedVersion: version + 1 },
      { cookie: superAdmin.cookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      fieldErrors: { date: 'Write the date as YYYY-MM-DD' },
      message: 'Write the date as YYYY-MM-DD',
    });
    expect((await current()).version).toBe(version + 1);
  });
});

describe('the campaign owner', () => {
  const setOwner = (email: string) => send('PUT', `${CAMPAIGN}/owner`, superAdmin.cookie, { email });

  it('must be an existing, active patient', async () => {
    const donor = await signUp(t.app, { role: 'donor' });
    const suspended = await signUp(t.app, { role: 'patient' });
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    expect((await setOwner('nobody@example.com')).json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No account uses this email address',
      fieldErrors: { email: 'No account uses this email address' },
    });
    expect((await setOwner(donor.person.email)).json()).toMatchObject({
      code: 'VALIDATION',
      message: 'The campaign owner must have a patient account',
      fieldErrors: { email: 'The campaign owner must have a patient account' },
    });
    expect((await setOwner(suspended.person.email)).json()).toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { email: expect.any(String) },
    });
    expect((await setOwner('not an email')).statusCode).toBe(400);
    expect((await current()).owner).toBeNull();
    expect(await campaignAudit('campaign.owner')).toEqual([]);
  });

  it('must have confirmed its email address: an unconfirmed one gets 400 saying so, and nothing changes', async () => {
    const unconfirmed = await signUp(t.app, { role: 'patient' });
    const res = await setOwner(unconfirmed.person.email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      message: OWNER_EMAIL_UNCONFIRMED,
      fieldErrors: { email: OWNER_EMAIL_UNCONFIRMED },
    });
    expect((await current()).owner).toBeNull();
    expect(await campaignAudit('campaign.owner')).toEqual([]);
  });

  it('is set by email (any case), audited, and shown with the campaign; the content version does not change', async () => {
    const owner = await signUp(t.app, { role: 'patient', firstName: 'Maya', lastName: 'Owner' });
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.user.id));
    const { version } = await current();
    const res = await setOwner(owner.person.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const expected = { id: owner.user.id, name: 'Maya Owner', email: owner.person.email };
    expect(res.json()).toEqual({ owner: expected });
    expect(await current()).toMatchObject({ owner: expected, version });
    expect((await t.app.campaigns.mainAppeal()).ownerId).toBe(owner.user.id);
    const [entry] = await campaignAudit('campaign.owner');
    expect(entry).toMatchObject({ before: { ownerId: null }, after: { ownerId: owner.user.id } });
  });
});

describe('campaign images', () => {
  it('stores a PNG, JPEG or WebP (checked by its bytes) and answers its URL and size in pixels', async () => {
    const res = await upload(superAdmin.cookie, PNG_7X5, 'family.png');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(String), url: `/api/uploads/${body.id}`, width: 7, height: 5 });
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(row).toMatchObject({
      purpose: 'campaign_image',
      contentType: 'image/png',
      ownerId: null,
      size: PNG_7X5.length,
    });

    // The URL is accepted as an image of the content.
    const { content, version } = await current();
    const gallery = {
      ...content.gallery,
      images: [
        { src: body.url, alt: 'Maya in her garden', width: body.width, height: body.height },
        ...content.gallery.images.slice(1),
      ],
    };
    expect(
      (await publish(superAdmin.cookie, { content: { ...content, gallery }, expectedVersion: version })).statusCode,
    ).toBe(200);
  });

  it('refuses what is not an image whatever its name says, and a request that is not multipart', async () => {
    const text = await upload(
      superAdmin.cookie,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      'photo.png',
      'image/png',
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      message: 'The image must be a PNG, JPEG or WebP image',
      fieldErrors: { image: 'The image must be a PNG, JPEG or WebP image' },
    });
    const broken = await upload(superAdmin.cookie, PNG_7X5.subarray(0, 12));
    expect(broken.statusCode).toBe(400);
    expect((await postJson(t.app, '/api/uploads/campaign-image', {}, { cookie: superAdmin.cookie })).statusCode).toBe(
      415,
    );
  });
});
