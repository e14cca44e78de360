import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { buildUser, signInAdmin } from '../../../../tests/factories/users.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, signUp, STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';

const t = setupTestApp();
let superAdmin = '';
let superAdminId = '';
let manager = '';

async function makeAdmin(email: string, level: 'manager' | 'super_admin') {
  const { admin, cookie } = await signInAdmin(t.app, t.database.db, level, { email, firstName: 'A' });
  return { id: admin.id, cookie };
}

const patch = (url: string, cookie: string, body: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url,
    payload: body as object,
    headers: { cookie, origin: SITE_ORIGIN, 'content-type': 'application/json' },
  });

beforeAll(async () => {
  ({ cookie: superAdmin, id: superAdminId } = await makeAdmin('super@example.org', 'super_admin'));
  ({ cookie: manager } = await makeAdmin('manager@example.org', 'manager'));
});

describe('user management', () => {
  it('lets managers search and page through users, without changing them', async () => {
    const { user } = await signUp(t.app, { firstName: 'Findable', email: 'findable@example.com' });
    const res = await getWith(t.app, '/api/admin/users?q=findable', manager);
    expect(res.json()).toMatchObject({ page: 1, pageSize: ADMIN_LIST_PAGE_SIZE, total: 1 });
    expect(res.json().items.map((u: { id: string }) => u.id)).toEqual([user.id]);
    expect(res.json().items[0]).toMatchObject({ role: 'patient', status: 'active', emailVerified: false });
    expect(res.json().items[0].passwordHash).toBeUndefined();
    // A search is literal: % matches only itself.
    expect((await getWith(t.app, '/api/admin/users?q=%25', manager)).json()).toMatchObject({ items: [], total: 0 });
    // Pages hold ADMIN_LIST_PAGE_SIZE users, newest first; the total counts them all.
    for (let i = 0; i < ADMIN_LIST_PAGE_SIZE; i++) await buildUser(t.database.db, { lastName: 'Paged' });
    const first = (await getWith(t.app, '/api/admin/users?q=paged', manager)).json();
    const second = (await getWith(t.app, '/api/admin/users?q=paged&page=2', manager)).json();
    expect(first).toMatchObject({ page: 1, total: ADMIN_LIST_PAGE_SIZE });
    expect(first.items).toHaveLength(ADMIN_LIST_PAGE_SIZE);
    expect(second).toMatchObject({ page: 2, items: [], total: ADMIN_LIST_PAGE_SIZE });
    expect((await getWith(t.app, '/api/admin/users?page=0', manager)).statusCode).toBe(400);
    expect((await patch(`/api/admin/users/${user.id}/role`, manager, { role: 'donor' })).statusCode).toBe(403);
  });

  it('lets a super admin change a role or grant an admin level, ending that person’s sessions, with an audit entry', async () => {
    const { user, cookie } = await signUp(t.app);
    const res = await patch(`/api/admin/users/${user.id}/role`, superAdmin, { role: 'admin', adminLevel: 'moderator' });
    expect(res.json()).toMatchObject({ role: 'admin', adminLevel: 'moderator' });
    expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(401);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(entry).toMatchObject({ action: 'user.role', actorId: superAdminId });
    expect((await patch(`/api/admin/users/${user.id}/role`, superAdmin, { role: 'admin' })).statusCode).toBe(400);
  });

  it('suspends (ending sessions and sign-in) and restores an account', async () => {
    const { user, cookie, person } = await signUp(t.app);
    expect(
      (await postJson(t.app, `/api/admin/users/${user.id}/suspend`, { reason: 'Spam' }, { cookie: superAdmin })).json()
        .status,
    ).toBe('suspended');
    expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(401);
    expect(
      (await postJson(t.app, '/api/auth/login', { email: person.email, password: person.password })).statusCode,
    ).toBe(403);
    expect(
      (await postJson(t.app, `/api/admin/users/${user.id}/restore`, {}, { cookie: superAdmin })).json().status,
    ).toBe('active');
    expect(
      (await postJson(t.app, '/api/auth/login', { email: person.email, password: person.password })).statusCode,
    ).toBe(200);
  });

  it('never lowers, suspends or removes the last super admin', async () => {
    const lower = await patch(`/api/admin/users/${superAdminId}/role`, superAdmin, {
      role: 'admin',
      adminLevel: 'manager',
    });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toMatch(/last super admin/);
    expect(
      (await postJson(t.app, `/api/admin/users/${superAdminId}/suspend`, { reason: 'Test' }, { cookie: superAdmin }))
        .statusCode,
    ).toBe(409);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: STRONG_PASSWORD },
      headers: { cookie: superAdmin, origin: SITE_ORIGIN },
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toMatch(/last super admin/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, superAdminId));
    expect(row).toMatchObject({ adminLevel: 'super_admin', status: 'active' });
  });

  it('lets two super admins demote each other at once only one way round', async () => {
    const a = await makeAdmin('a.super@example.org', 'super_admin');
    const b = await makeAdmin('b.super@example.org', 'super_admin');
    // The first super admin steps aside, leaving exactly these two.
    await t.database.db.update(users).set({ adminLevel: 'manager' }).where(eq(users.id, superAdminId));
    const answers = await Promise.all([
      patch(`/api/admin/users/${b.id}/role`, a.cookie, { role: 'admin', adminLevel: 'manager' }),
      patch(`/api/admin/users/${a.id}/role`, b.cookie, { role: 'admin', adminLevel: 'manager' }),
    ]);
    // The loser is refused with 409 when both were already past sign-in, or with 401 when the winner's demotion
    // (which ends the demoted admin's sessions) committed before the loser's request was read.
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    const supers = await t.database.db.select().from(users).where(eq(users.adminLevel, 'super_admin'));
    expect(supers).toHaveLength(1);
  });
});
