/** The campaign editor (issue 6): versions, publish, restore, dated updates to followers, the owner, images; super admins only. */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { CampaignContent } from '#shared/schemas/campaign.ts';
import { createTestApp, postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { PNG_7X5 } from '../../../../tests/factories/images.ts';
import { OWNER_EMAIL_UNCONFIRMED } from '#shared/account-messages.ts';
import {
  auditLog,
  campaignVersions,
  campaigns,
  notifications,
  outbox,
  rateLimits,
  uploads,
  users,
} from '../../db/schema/index.ts';

const t = setupTestApp();
let superAdmin = { id: '', cookie: '' };
let manager = '';
let moderator = '';
let patient = '';

const CAMPAIGN = '/api/admin/campaign';

function send(method: 'PUT' | 'DELETE' | 'GET', url: string, cookie: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: SITE_ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const current = async () =>
  (await getWith(t.app, CAMPAIGN, superAdmin.cookie)).json() as {
    id: string;
    version: number;
    content: CampaignContent;
    owner: unknown;
  };
const publish = (cookie: string, body: unknown) => send('PUT', CAMPAIGN, cookie, body);
const versionCount = async () => (await t.database.db.select().from(campaignVersions)).length;
const campaignAudit = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

function upload(cookie: string, bytes: Buffer, filename = 'photo.png', type = 'image/png') {
  const boundary = '----healing-circle-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads/campaign-image',
    payload,
    headers: { cookie, origin: SITE_ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

beforeAll(async () => {
  const { admin, cookie } = await signInAdmin(t.app, t.database.db, 'super_admin', {
    firstName: 'Sam',
    lastName: 'Super',
  });
  superAdmin = { id: admin.id, cookie };
  manager = (await signInAdmin(t.app, t.database.db, 'manager')).cookie;
  moderator = (await signInAdmin(t.app, t.database.db, 'moderator')).cookie;
  patient = (await signUp(t.app)).cookie;
});

beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

describe('who may edit the campaign', () => {
  it('is super admins only: managers, moderators and patients get 403, anonymous callers 401, and nothing is written', async () => {
    const { content, version } = await current();
    const before = await versionCount();
    const calls = (cookie: string) => [
      getWith(t.app, CAMPAIGN, cookie),
      publish(cookie, { content: { ...content, headline: 'Taken over' }, expectedVersion: version }),
      getWith(t.app, `${CAMPAIGN}/versions`, cookie),
      getWith(t.app, `${CAMPAIGN}/versions/1`, cookie),
      postJson(t.app, `${CAMPAIGN}/versions/1/restore`, { expectedVersion: version }, cookie ? { cookie } : {}),
      postJson(
        t.app,
        `${CAMPAIGN}/updates`,
        { date: '2025-10-01', title: 'Hello', paragraphs: ['Hi'], notifyFollowers: true, expectedVersion: version },
        cookie ? { cookie } : {},
      ),
      send('PUT', `${CAMPAIGN}/owner`, cookie, { email: 'someone@example.com' }),
      upload(cookie, PNG_7X5),
    ];
    for (const cookie of [manager, moderator, patient]) {
      for (const res of await Promise.all(calls(cookie))) expect(res.statusCode, res.body).toBe(403);
    }
    for (const res of await Promise.all(calls(''))) expect(res.statusCode, res.body).toBe(401);
    expect(await versionCount()).toBe(before);
    expect((await current()).content.headline).toBe(content.headline);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.purpose, 'campaign_image'))).toEqual([]);
  });
});

describe('publishing content', () => {
  it('starts at version 1, the seeded content, with no owner', async () => {
    const res = await getWith(t.app, CAMPAIGN, superAdmin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ version: 1, owner: null });
    expect(body.content.product.name).toBe('Healing Circle');
    expect(body.content.journey.updates).toHaveLength(1);
    const versions = (await getWith(t.app, `${CAMPAIGN}/versions`, superAdmin.cookie)).json();
    expect(versions).toEqual([
      { version: 1, publishedBy: null, note: 'Seeded from content/campaign.json', createdAt: expect.any(String) },
    ]);
  });

  it.each([
    ['an empty headline', (c: CampaignContent) => ({ ...c, headline: '   ' }), 'content.headline', 'Fill this in'],
    [
      'four supporters',
      (c: CampaignContent) => ({ ...c, supporters: c.supporters.slice(1) }),
      'content.supporters',
      undefined,
    ],
    [
      'a bad YouTube id',
      (c: CampaignContent) => ({ ...c, video: { ...c.video, youtubeId: 'nope' } }),
      'content.video.youtubeId',
      undefined,
    ],
    [
      'an image from elsewhere',
      (c: CampaignContent) => ({
        ...c,
        gallery: {
          ...c.gallery,
          images: c.gallery.images.map((i, n) => (n === 2 ? { ...i, src: 'https://evil.example/x.png' } : i)),
        },
      }),
      'content.gallery.images.2.src',
      undefined,
    ],
    [
      'an image without its size',
      (c: CampaignContent) => ({
        ...c,
        journey: { ...c.journey, images: [{ ...c.journey.images[0]!, width: undefined }, c.journey.images[1]!] },
      }),
      'content.journey.images.0.width',
      undefined,
    ],
    [
      'no updates',
      (c: CampaignContent) => ({ ...c, journey: { ...c.journey, updates: [] } }),
      'content.journey.updates',
      'Keep at least one update',
    ],
    [
      'updates out of order',
      (c: CampaignContent) => ({
        ...c,
        journey: {
          ...c.journey,
          updates: [
            ...c.journey.updates,
            { date: '2026-01-05', title: 'Later', paragraphs: ['Newer than the first.'] },
          ],
        },
      }),
      'content.journey.updates.1.date',
      'Updates are listed newest first: this one is newer than the one above it',
    ],
    [
      '51 updates',
      (c: CampaignContent) => ({
        ...c,
        journey: { ...c.journey, updates: Array.from({ length: 51 }, () => c.journey.updates[0]!) },
      }),
      'content.journey.updates',
      'The story page keeps at most 50 updates; remove an old one first',
    ],
  ])(
    'refuses content with %s (400, the field and the message), writing nothing',
    async (_name, change, field, message) => {
      const { content, version } = await current();
      const before = await versionCount();
      const res = await publish(superAdmin.cookie, { content: change(content), expectedVersion: version });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        fieldErrors: { [field]: message ?? expect.any(String) },
        ...(message ? { message } : {}),
      });
      expect(await versionCount()).toBe(before);
      expect((await current()).version).toBe(version);
      expect(await campaignAudit('campaign.publish')).toEqual([]);
    },
  );

  it('refuses a body without expectedVersion or with unknown fields', async () => {
    const { content, version } = await current();
    expect((await publish(superAdmin.cookie, { content })).json()).toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { expectedVersion: expect.any(String) },
    });
    expect((await publish(superAdmin.cookie, { content, expectedVersion: version, extra: 1 })).statusCode).toBe(400);
  });

  it('publishes a new version: the public campaign changes, the version is listed and audited', async () => {
    const { content } = await current();
    const res = await publish(superAdmin.cookie, {
      content: { ...content, headline: 'A new headline for Maya', goal: { cents: 1_800_000, currency: 'USD' } },
      expectedVersion: 1,
      note: '  New goal  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, content: { headline: 'A new headline for Maya' } });

    // This instance's cache was dropped: the public answers show it at once.
    expect((await t.app.inject('/api/campaign')).json().content.headline).toBe('A new headline for Maya');
    expect((await t.app.inject('/api/fundraising/progress')).json().goalCents).toBe(1_800_000);
    const [row] = await t.database.db.select().from(campaigns);
    expect(row).toMatchObject({ version: 2, goalCents: 1_800_000, currency: 'USD' });

    const versions = (await getWith(t.app, `${CAMPAIGN}/versions`, superAdmin.cookie)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[0]).toMatchObject({ publishedBy: 'Sam Super', note: 'New goal' });
    const [entry] = await campaignAudit('campaign.publish');
    expect(entry).toMatchObject({
      actorId: superAdmin.id,
      targetType: 'campaign',
      targetId: row!.id,
      before: { version: 1 },
      after: { version: 2, note: 'New goal' },
    });
  });

  it('refuses a publish made on an older version (409) and writes nothing', async () => {
    const { content, version } = await current();
    const before = await versionCount();
    const res = await publish(superAdmin.cookie, {
      content: { ...content, headline: 'Lost edit' },
      expectedVersion: version - 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: 'Someone published a newer version; reload to see it' });
    expect(await versionCount()).toBe(before);
    expect((await current()).content.headline).not.toBe('Lost edit');
  });

  it('makes one version of two publishes sent at once on the same version', async () => {
    const { content, version } = await current();
    const answers = await Promise.all(
      ['Edit one', 'Edit two'].map((headline) =>
        publish(superAdmin.cookie, { content: { ...content, headline }, expectedVersion: version }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await current()).version).toBe(version + 1);
  });
});

describe('versions and restoring', () => {
  it('shows an old version and restores it as a new version', async () => {
    const old = (await getWith(t.app, `${CAMPAIGN}/versions/1`, superAdmin.cookie)).json();
    expect(old).toMatchObject({ version: 1, publishedBy: null });
    expect(old.content.headline).toMatch(/^Help Maya get the specialist surgery/);

    const { version } = await current();
    const res = await postJson(
      t.app,
      `${CAMPAIGN}/versions/1/restore`,
      { expectedVersion: version },
      { cookie: superAdmin.cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: version + 1, content: { headline: old.content.headline } });
    expect((await t.app.inject('/api/campaign')).json().content).toEqual(old.content);
    const versions = (await getWith(t.app, `${CAMPAIGN}/versions`, superAdmin.cookie)).json();
    expect(versions[0]).toMatchObject({ version: version + 1, note: 'Restored version 1', publishedBy: 'Sam Super' });
    const [entry] = await campaignAudit('campaign.restore');
    expect(entry).toMatchObject({ before: { version }, after: { version: version + 1, restored: 1 } });
    // Every version is kept.
    expect(await versionCount()).toBe(version + 1);
  });

  it('refuses a version that does not exist, the current one, and a stale expectedVersion', async () => {
    const { version } = await current();
    expect((await getWith(t.app, `${CAMPAIGN}/versions/999`, superAdmin.cookie)).statusCode).toBe(404);
    expect((await getWith(t.app, `${CAMPAIGN}/versions/abc`, superAdmin.cookie)).statusCode).toBe(400);
    expect(
      (
        await postJson(
          t.app,
          `${CAMPAIGN}/versions/999/restore`,
          { expectedVersion: version },
          { cookie: superAdmin.cookie },
        )
      ).statusCode,
    ).toBe(404);
    const same = await postJson(
      t.app,
      `${CAMPAIGN}/versions/${version}/restore`,
      { expectedVersion: version },
      { cookie: superAdmin.cookie },
    );
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(`Version ${version} is the current version`);
    expect(
      (
        await postJson(
          t.app,
          `${CAMPAIGN}/versions/2/restore`,
          { expectedVersion: version - 1 },
          { cookie: superAdmin.cookie },
        )
      ).statusCode,
    ).toBe(409);
    expect((await current()).version).toBe(version);
  });

  it('pages the version list, newest first', async () => {
    const { content } = await current();
    for (let i = 0; i < 8; i++) {
      const { version } = await current();
      expect(
        (
          await publish(superAdmin.cookie, {
            content: { ...content, urgentBadge: `Badge ${i}` },
            expectedVersion: version,
          })
        ).statusCode,
      ).toBe(200);
    }
    const first = await getWith(t.app, `${CAMPAIGN}/versions`, superAdmin.cookie);
    const total = Number(first.headers['x-total-count']);
    expect(total).toBe((await current()).version);
    expect(first.json()).toHaveLength(10);
    const second = (await getWith(t.app, `${CAMPAIGN}/versions?page=2`, superAdmin.cookie)).json();
    expect(second.map((v: { version: number }) => v.version)).toEqual(
      Array.from({ length: total - 10 }, (_, i) => total - 10 - i),
    );
  });
});

describe('dated updates and followers', () => {
  const notices = (userId: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'campaign_update')));
  const mailsTo = (email: string) =>
    t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.subject, '%Surgery results%')));

  it('lets signed-in people follow and unfollow (idempotently); anonymous callers get 401', async () => {
    const person = await signUp(t.app, { role: 'donor' });
    expect((await getWith(t.app, '/api/campaign/follow', person.cookie)).json()).toEqual({ following: false });
    expect((await send('PUT', '/api/campaign/follow', person.cookie)).json()).toEqual({ following: true });
    expect((await send('PUT', '/api/campaign/follow', person.cookie)).json()).toEqual({ following: true });
    expect((await getWith(t.app, '/api/campaign/follow', person.cookie)).json()).toEqual({ following: true });
    expect((await send('DELETE', '/api/campaign/follow', person.cookie)).json()).toEqual({ following: false });
    expect((await send('DELETE', '/api/campaign/follow', person.cookie)).json()).toEqual({ following: false });
    expect((await getWith(t.app, '/api/campaign/follow', person.cookie)).json()).toEqual({ following: false });
    expect((await t.app.inject('/api/campaign/follow')).statusCode).toBe(401);
    expect((await send('PUT', '/api/campaign/follow', '')).statusCode).toBe(401);
  });

  it('puts the update first, tells every active follower once (in-app and by email), and nobody else', async () => {
    const follower = await signUp(t.app, { role: 'donor' });
    const quiet = await signUp(t.app, { role: 'patient' });
    const suspended = await signUp(t.app, { role: 'donor' });
    const bystander = await signUp(t.app, { role: 'donor' });
    for (const p of [follower, quiet, suspended])
      expect((await send('PUT', '/api/campaign/follow', p.cookie)).statusCode).toBe(200);
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
    expect((await t.app.campaigns.current()).ownerId).toBe(owner.user.id);
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

describe('a database seeded before versions existed', () => {
  it('reads its one dated update as a list, and records the current content as version 1 on the first publish', async () => {
    const legacy = await createTestApp();
    try {
      const db = legacy.database.db;
      const [row] = await db.select().from(campaigns);
      const { updates, ...journey } = row!.content.journey;
      await db.delete(campaignVersions);
      await db
        .update(campaigns)
        .set({
          content: { ...row!.content, journey: { ...journey, update: updates[0] } } as unknown as CampaignContent,
        })
        .where(eq(campaigns.id, row!.id));
      legacy.app.campaigns.invalidate();

      expect((await legacy.app.inject('/api/campaign')).json().content.journey.updates).toEqual(updates);
      const { cookie } = await signInAdmin(legacy.app, db, 'super_admin');
      const versions = (await getWith(legacy.app, `${CAMPAIGN}/versions`, cookie)).json();
      expect(versions).toEqual([{ version: 1, publishedBy: null, note: null, createdAt: expect.any(String) }]);
      const admin = (await getWith(legacy.app, CAMPAIGN, cookie)).json();
      const res = await legacy.app.inject({
        method: 'PUT',
        url: CAMPAIGN,
        headers: { cookie, origin: SITE_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ content: { ...admin.content, headline: 'Edited later' }, expectedVersion: 1 }),
      });
      expect(res.statusCode).toBe(200);
      const stored = await db.select().from(campaignVersions).orderBy(campaignVersions.version);
      expect(stored.map((v) => v.version)).toEqual([1, 2]);
      expect(stored[0]!.content.journey.updates).toEqual(updates);
      expect((await getWith(legacy.app, `${CAMPAIGN}/versions/1`, cookie)).json().content.headline).toBe(
        row!.content.headline,
      );
    } finally {
      await legacy.close();
    }
  });
});
