/** The campaign editor (issue 6): who may edit, publishing content as versions, restoring, older databases. */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { CampaignContent } from '#shared/schemas/campaign.ts';
import { createTestApp, postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp } from '../../../../tests/setup/accounts.ts';
import { CAMPAIGN, campaignEditor } from '../../../../tests/setup/campaign-editor.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { PNG_7X5 } from '../../../../tests/factories/images.ts';
import { auditLog, campaignVersions, campaigns, rateLimits, uploads } from '../../db/schema/index.ts';

const t = setupTestApp();
let superAdmin = { id: '', cookie: '' };
let manager = '';
let moderator = '';
let patient = '';

const { send, current, upload, publish } = campaignEditor(t, () => superAdmin.cookie);
const campaignAudit = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));
const versionCount = async () => (await t.database.db.select().from(campaignVersions)).length;

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
    expect(versions).toEqual({
      items: [
        { version: 1, publishedBy: null, note: 'Seeded from content/campaign.json', createdAt: expect.any(String) },
      ],
      page: 1,
      pageSize: 10,
      total: 1,
    });
  });

  it.each([
    ['an empty headline', (c: CampaignContent) => ({ ...c, headline: '   ' }), 'content.headline', 'Fill this in'],
    [
      'three gallery images',
      (c: CampaignContent) => ({ ...c, gallery: { ...c.gallery, images: c.gallery.images.slice(1) } }),
      'content.gallery.images',
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
    ['a new address (slug)', (c: CampaignContent) => ({ ...c, slug: 'another-address' }), 'content.slug', undefined],
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

    const versions = (await getWith(t.app, `${CAMPAIGN}/versions`, superAdmin.cookie)).json().items;
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
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'Someone published a newer version; reload to see it',
      currentVersion: version,
    });
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
    const versions = (await getWith(t.app, `${CAMPAIGN}/versions`, superAdmin.cookie)).json().items;
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
    const first = (await getWith(t.app, `${CAMPAIGN}/versions`, superAdmin.cookie)).json();
    const total = first.total as number;
    expect(total).toBe((await current()).version);
    expect(first).toMatchObject({ page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    const second = (await getWith(t.app, `${CAMPAIGN}/versions?page=2`, superAdmin.cookie)).json();
    expect(second).toMatchObject({ page: 2, pageSize: 10, total });
    expect(second.items.map((v: { version: number }) => v.version)).toEqual(
      Array.from({ length: total - 10 }, (_, i) => total - 10 - i),
    );
  });
});

describe('a database seeded before versions existed', () => {
  it('reads its one dated update as a list, and records the current content as version 1 on the first publish', async () => {
    const legacy = await createTestApp();
    try {
      const db = legacy.database.db;
      const [row] = await db.select().from(campaigns);
      const { updates, ...journey } = row!.content!.journey;
      await db.delete(campaignVersions);
      // The shape before dated updates became a list, which today's type no longer describes: written as JSON.
      const oldShape = { ...row!.content, journey: { ...journey, update: updates[0] } };
      await db.execute(sql`update ${campaigns} set content = ${JSON.stringify(oldShape)}::jsonb where id = ${row!.id}`);
      legacy.app.campaigns.invalidate();

      expect((await legacy.app.inject('/api/campaign')).json().content.journey.updates).toEqual(updates);
      const { cookie } = await signInAdmin(legacy.app, db, 'super_admin');
      const versions = (await getWith(legacy.app, `${CAMPAIGN}/versions`, cookie)).json();
      expect(versions).toEqual({
        items: [{ version: 1, publishedBy: null, note: null, createdAt: expect.any(String) }],
        page: 1,
        pageSize: 10,
        total: 1,
      });
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
        row!.content!.headline,
      );
    } finally {
      await legacy.close();
    }
  });
});
