import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import {
  enrolTwoFactor,
  mailedLinks,
  newPerson,
  sessionCookie,
  solveAltcha,
} from '../../../../tests/setup/accounts.ts';
import { TWO_FACTOR_SETUP_NEEDED } from '../../plugins/auth.ts';
import { ensureSetupLink } from '../../commands/admin-invites.ts';
import { run, SYSTEM_ACTOR } from '../../commands/run.ts';
import { outbox, users } from '../../db/schema/index.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';

const t = setupTestApp();
const setupLink = () =>
  run(t.app.commandEnv(), SYSTEM_ACTOR, ensureSetupLink, {
    secret: t.config.sessionSecret,
    publicUrl: t.config.publicUrl,
  });

async function registerWithInvite(link: string, overrides: Record<string, unknown> = {}) {
  const inviteToken = new URL(link).searchParams.get('invite')!;
  return postJson(t.app, '/api/auth/register', {
    ...newPerson({ role: 'admin', ...overrides }),
    inviteToken,
    altcha: await solveAltcha(t.app),
  });
}

describe('the first super admin and admin invites', () => {
  it('offers a one-time setup link while no super admin exists, and none afterwards', async () => {
    const setup = await setupLink();
    expect(setup!.link).toMatch(/^http:\/\/localhost:3000\/register\?invite=[\w-]{43}$/);

    const res = await registerWithInvite(setup!.link);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'admin', adminLevel: 'super_admin' });
    expect((await registerWithInvite(setup!.link)).statusCode).toBe(403);
    expect(await setupLink()).toBeNull();
  });

  it('lets only a super admin invite, at the level the super admin chooses', async () => {
    const [superAdmin] = await t.database.db.select().from(users).where(eq(users.adminLevel, 'super_admin'));
    expect(superAdmin).toBeDefined();
    const login = await postJson(t.app, '/api/auth/login', { email: superAdmin!.email, password: 'Lilac-Harbour-42' });
    const cookie = sessionCookie(login);
    // An admin's first stop is two-step sign-in: no admin route answers before it is on.
    const refused = await postJson(t.app, '/api/admin/invites', { adminLevel: 'moderator' }, { cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TWO_FACTOR_SETUP_NEEDED);
    await enrolTwoFactor(t.app, cookie);

    const invite = await postJson(
      t.app,
      '/api/admin/invites',
      { adminLevel: 'moderator', email: 'mod@example.com' },
      { cookie },
    );
    expect(invite.statusCode).toBe(201);
    const wrongEmail = await registerWithInvite(invite.json().link, { email: 'someone-else@example.com' });
    expect(wrongEmail.statusCode).toBe(403);
    const moderator = await registerWithInvite(invite.json().link, { email: 'mod@example.com' });
    expect(moderator.json()).toMatchObject({ role: 'admin', adminLevel: 'moderator' });

    const modCookie = sessionCookie(moderator);
    await enrolTwoFactor(t.app, modCookie);
    expect(
      (await postJson(t.app, '/api/admin/invites', { adminLevel: 'super_admin' }, { cookie: modCookie })).statusCode,
    ).toBe(403);
    expect((await postJson(t.app, '/api/admin/invites', { adminLevel: 'moderator' })).statusCode).toBe(401);
  });

  it('mails an invite made for an address to that address, once it is stored, and mails none for an open invite', async () => {
    const { admin, cookie } = await signInAdmin(t.app, t.database.db, 'super_admin', {
      firstName: 'Ruth',
      lastName: 'Okafor',
    });
    const invite = await postJson(
      t.app,
      '/api/admin/invites',
      { adminLevel: 'manager', email: 'new.manager@example.com' },
      { cookie },
    );
    expect(invite.statusCode).toBe(201);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'new.manager@example.com'));
    expect(mail).toMatchObject({ subject: 'You are invited to be an admin of Healing Circle' });
    expect(mail!.text).toContain(`${admin.firstName} ${admin.lastName} invited you to be a manager of Healing Circle`);
    expect(await mailedLinks(t.database.db, 'new.manager@example.com')).toEqual([invite.json().link]);
    expect((await registerWithInvite(invite.json().link, { email: 'new.manager@example.com' })).statusCode).toBe(201);

    const mailsBefore = (await t.database.db.select().from(outbox)).length;
    const open = await postJson(t.app, '/api/admin/invites', { adminLevel: 'moderator' }, { cookie });
    expect(open.statusCode).toBe(201);
    expect((await t.database.db.select().from(outbox)).length).toBe(mailsBefore);
  });
});
