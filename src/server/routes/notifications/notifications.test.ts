import { describe, expect, it } from 'vitest';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp } from '../../../../tests/setup/accounts.ts';
import { notifications } from '../../db/schema/index.ts';

const t = setupTestApp();

describe('notifications', () => {
  it('lists only my notifications, newest first, with the unread count, and marks them read', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const base = Date.now();
    for (let i = 0; i < 3; i++) {
      await t.database.db.insert(notifications).values({
        userId: me.user.id,
        type: 'story_approved',
        title: `Note ${i}`,
        createdAt: new Date(base + i * 1000),
      });
    }
    await t.database.db
      .insert(notifications)
      .values({ userId: other.user.id, type: 'story_approved', title: 'Not mine' });

    const list = (await getWith(t.app, '/api/notifications', me.cookie)).json();
    expect(list.items.map((n: { title: string }) => n.title)).toEqual(['Note 2', 'Note 1', 'Note 0']);
    expect(list.unreadCount).toBe(3);

    expect(
      (await postJson(t.app, `/api/notifications/${list.items[0].id}/read`, {}, { cookie: me.cookie })).statusCode,
    ).toBe(204);
    expect((await getWith(t.app, '/api/notifications', me.cookie)).json().unreadCount).toBe(2);
    expect(
      (await postJson(t.app, `/api/notifications/${list.items[1].id}/read`, {}, { cookie: other.cookie })).statusCode,
    ).toBe(404);
    expect((await postJson(t.app, '/api/notifications/read-all', {}, { cookie: me.cookie })).statusCode).toBe(204);
    expect((await getWith(t.app, '/api/notifications', me.cookie)).json().unreadCount).toBe(0);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject('/api/notifications')).statusCode).toBe(401);
  });
});
