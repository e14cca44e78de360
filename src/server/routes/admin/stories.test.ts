/** Moderation lists answer pages ({ items, page, pageSize, total }); a decision that rolls back tells nobody. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { buildStory } from '../../../../tests/factories/stories.ts';
import { run } from '../../commands/run.ts';
import { decideStory } from '../../commands/stories.ts';
import { notifications, outbox, stories, users } from '../../db/schema/index.ts';
import { decideAsModerator } from '../../../../tests/factories/stories.ts';

const t = setupTestApp();
let moderator = { id: '', cookie: '' };

beforeAll(async () => {
  const { admin, cookie } = await signInAdmin(t.app, t.database.db, 'moderator');
  moderator = { id: admin.id, cookie };
});

const ids = (page: { items: { id: string }[] }) => page.items.map((s) => s.id);

describe('the moderation queue', () => {
  it('lists pending stories oldest first, a page at a time, with the total', async () => {
    const start = Date.now() - 3_600_000;
    const pending = [];
    for (let i = 0; i <= ADMIN_LIST_PAGE_SIZE; i++)
      pending.push(await buildStory(t.database.db, { submittedAt: new Date(start + i * 1000) }));
    const first = await getWith(t.app, '/api/admin/stories', moderator.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toMatchObject({ page: 1, pageSize: ADMIN_LIST_PAGE_SIZE, total: pending.length });
    expect(ids(first.json())).toEqual(pending.slice(0, ADMIN_LIST_PAGE_SIZE).map((s) => s.id));
    expect(first.json().items[0]).toMatchObject({ status: 'pending', authorName: 'Ava Author' });
    const second = (await getWith(t.app, '/api/admin/stories?status=pending&page=2', moderator.cookie)).json();
    expect(second).toMatchObject({ page: 2, total: pending.length });
    expect(ids(second)).toEqual([pending.at(-1)!.id]);
    expect((await getWith(t.app, '/api/admin/stories?status=hidden', moderator.cookie)).json()).toEqual({
      items: [],
      page: 1,
      pageSize: ADMIN_LIST_PAGE_SIZE,
      total: 0,
    });
    for (const bad of ['status=maybe', 'page=0', 'page=two'])
      expect((await getWith(t.app, `/api/admin/stories?${bad}`, moderator.cookie)).statusCode, bad).toBe(400);
  });

  it('lists open reports of words of support as a page', async () => {
    const story = await buildStory(t.database.db, {
      status: 'approved',
      publishConsent: true,
      publishedAt: new Date(),
      publishedTitle: 'A story with a reported reply',
      publishedBody: 'The published text of the story.',
    });
    const writer = await signUp(t.app, { role: 'donor' });
    const reporter = await signUp(t.app, { role: 'donor' });
    const reply = await postJson(
      t.app,
      `/api/stories/${story.id}/support`,
      { body: 'Try this cure' },
      { cookie: writer.cookie },
    );
    expect(reply.statusCode).toBe(201);
    const reported = await postJson(
      t.app,
      `/api/support/${reply.json().id}/report`,
      { reason: 'Gives medical advice' },
      { cookie: reporter.cookie },
    );
    expect(reported.statusCode).toBe(204);
    const page = (await getWith(t.app, '/api/admin/support-reports', moderator.cookie)).json();
    expect(page).toMatchObject({ page: 1, pageSize: ADMIN_LIST_PAGE_SIZE, total: 1 });
    expect(page.items).toEqual([
      expect.objectContaining({
        reason: 'Gives medical advice',
        storyId: story.id,
        storyTitle: 'A story with a reported reply',
        reply: expect.objectContaining({ id: reply.json().id, body: 'Try this cure', hidden: false }),
      }),
    ]);
  });
});

describe('a decision that rolls back', () => {
  it('stores no notification and mails nobody; the same decision committed does both', async () => {
    const story = await buildStory(t.database.db, { title: 'A decision undone' });
    const [author] = await t.database.db.select().from(users).where(eq(users.id, story.authorId));
    const mailsToAuthor = () => t.database.db.select().from(outbox).where(eq(outbox.to, author!.email));
    const noticesOfAuthor = () =>
      t.database.db.select().from(notifications).where(eq(notifications.userId, story.authorId));

    const actor = { id: moderator.id, ip: null };
    await expect(
      run(t.app.commandEnv(), actor, async (ctx) => {
        const viewer = { id: moderator.id, role: 'admin' as const, adminLevel: 'moderator' as const };
        await decideStory(ctx, viewer, story.id, 'approve', { version: story.version, reason: null });
        throw new Error('something failed after the decision');
      }),
    ).rejects.toThrow('something failed after the decision');
    expect(await noticesOfAuthor()).toEqual([]);
    expect(await mailsToAuthor()).toEqual([]);
    const [unchanged] = await t.database.db.select().from(stories).where(eq(stories.id, story.id));
    expect(unchanged!.status).toBe('pending');

    expect((await decideAsModerator(t.app, t.database.db, moderator.cookie, story.id, 'approve')).statusCode).toBe(200);
    expect(await noticesOfAuthor()).toHaveLength(1);
    expect((await mailsToAuthor()).map((m) => m.subject)).toEqual([
      'Your story "A decision undone" was approved | Healing Circle',
    ]);
  });
});
