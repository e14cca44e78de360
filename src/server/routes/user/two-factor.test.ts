/** Two-step sign-in: enrolment on the profile, the code at sign-in, recovery codes, and the admin requirement. */
import { beforeEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import {
  enrolTwoFactor,
  getWith,
  sessionCookie,
  signUp,
  STRONG_PASSWORD,
  totpCode,
} from '../../../../tests/setup/accounts.ts';
import { adminLogin, buildAdmin } from '../../../../tests/factories/users.ts';
import { ACCESS_TABLE } from '../../../../tests/access-matrix.ts';
import { CODE_INVALID, CODE_REQUIRED, RECOVERY_CODE_COUNT } from '#shared/schemas/two-factor.ts';
import { fakeClock } from '../../services/clock.ts';
import { rateLimits, recoveryCodes as recoveryCodesTable, sessions, users } from '../../db/schema/index.ts';
import { TWO_FACTOR_SETUP_NEEDED, TWO_FACTOR_SIGN_IN_NEEDED } from '../../plugins/auth.ts';

const clock = fakeClock(new Date());
const t = setupTestApp({ clock });
const STEP_MS = 30_000;

/** A well-formed code that the app is not showing around this moment. */
const wrongCode = (secret: string) =>
  ['000000', '111111', '222222', '333333'].find((c) =>
    [-1, 0, 1].every((step) => totpCode(secret, new Date(clock.now().getTime() + step * STEP_MS)) !== c),
  )!;

// Sign-in is rate-limited per client; these tests sign in far more often than a person would.
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const login = (body: Record<string, unknown>) => postJson(t.app, '/api/auth/login', body);

describe('two-step sign-in', () => {
  it('is set up with a code from the app, after which the password alone no longer signs in', async () => {
    const { user, cookie } = await signUp(t.app);
    expect((await getWith(t.app, '/api/user/two-factor', cookie)).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });

    const setup = await postJson(t.app, '/api/user/two-factor/setup', {}, { cookie });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // The secret is kept encrypted, never as given.
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.totpPendingSecret).not.toContain(secret);

    const wrong = await postJson(t.app, '/api/user/two-factor/enable', { code: wrongCode(secret) }, { cookie });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toHaveProperty(['code']);
    expect((await postJson(t.app, '/api/user/two-factor/enable', { code: '12345' }, { cookie })).statusCode).toBe(400);
    expect((await getWith(t.app, '/api/user/two-factor', cookie)).json().enabled).toBe(false);

    const enabled = await postJson(
      t.app,
      '/api/user/two-factor/enable',
      { code: totpCode(secret, clock.now()) },
      { cookie },
    );
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await getWith(t.app, '/api/user/two-factor', cookie)).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
    expect((await getWith(t.app, '/api/auth/user', cookie)).json()).toMatchObject({
      twoFactorEnabled: true,
      twoFactorVerified: true,
    });

    clock.advance(STEP_MS);
    const passwordOnly = await login({ email: user.email, password: STRONG_PASSWORD });
    expect(passwordOnly.statusCode).toBe(401);
    expect(passwordOnly.json()).toMatchObject({ message: CODE_REQUIRED, fieldErrors: { code: CODE_REQUIRED } });
    expect(passwordOnly.headers['set-cookie']).toBeUndefined();

    const badCode = await login({ email: user.email, password: STRONG_PASSWORD, code: wrongCode(secret) });
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json()).toMatchObject({ message: CODE_INVALID, fieldErrors: { code: CODE_INVALID } });

    // A wrong password with a right code still fails, and says nothing about the code.
    const badPassword = await login({
      email: user.email,
      password: 'Not-The-Password-1',
      code: totpCode(secret, clock.now()),
    });
    expect(badPassword.json().message).toBe('Invalid email or password');

    const code = totpCode(secret, clock.now());
    const ok = await login({ email: user.email, password: STRONG_PASSWORD, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ twoFactorEnabled: true, twoFactorVerified: true });
    // The same code, overheard, cannot sign in again.
    const replay = await login({ email: user.email, password: STRONG_PASSWORD, code });
    expect(replay.statusCode).toBe(401);
    // A code from the app's previous step is still accepted, for clocks a little apart, but not an older one.
    clock.advance(3 * STEP_MS);
    const stepsAgo = (n: number) => totpCode(secret, new Date(clock.now().getTime() - n * STEP_MS));
    expect((await login({ email: user.email, password: STRONG_PASSWORD, code: stepsAgo(2) })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: STRONG_PASSWORD, code: stepsAgo(1) })).statusCode).toBe(200);
  });

  it('accepts each recovery code once, and new codes replace the old ones', async () => {
    const { user, cookie } = await signUp(t.app);
    const { recoveryCodes } = await enrolTwoFactor(t.app, cookie, clock.now());
    const [first, second] = recoveryCodes as [string, string];

    // Typed loosely (upper case, spaces) it still counts.
    const used = await login({ email: user.email, password: STRONG_PASSWORD, code: ` ${first.toUpperCase()} ` });
    expect(used.statusCode).toBe(200);
    expect((await login({ email: user.email, password: STRONG_PASSWORD, code: first })).statusCode).toBe(401);
    const me = sessionCookie(used);
    expect((await getWith(t.app, '/api/user/two-factor', me)).json().recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);

    expect(
      (await postJson(t.app, '/api/user/two-factor/recovery-codes', { password: 'wrong' }, { cookie: me })).statusCode,
    ).toBe(400);
    const fresh = await postJson(
      t.app,
      '/api/user/two-factor/recovery-codes',
      { password: STRONG_PASSWORD },
      { cookie: me },
    );
    expect(fresh.json().recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await login({ email: user.email, password: STRONG_PASSWORD, code: second })).statusCode).toBe(401);
    expect(
      (await login({ email: user.email, password: STRONG_PASSWORD, code: fresh.json().recoveryCodes[0] })).statusCode,
    ).toBe(200);
  });

  it('is turned off only with the password, and then the password signs in alone', async () => {
    const { user, cookie } = await signUp(t.app);
    await enrolTwoFactor(t.app, cookie, clock.now());
    const passwordAlone = () => login({ email: user.email, password: STRONG_PASSWORD });

    // A wrong password changes nothing: it stays on, and the password alone is still not enough.
    const refused = await postJson(t.app, '/api/user/two-factor/disable', { password: 'wrong' }, { cookie });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toHaveProperty(['password']);
    expect((await getWith(t.app, '/api/user/two-factor', cookie)).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
    const stillOn = await passwordAlone();
    expect(stillOn.statusCode).toBe(401);
    expect(stillOn.json()).toMatchObject({ message: CODE_REQUIRED, fieldErrors: { code: CODE_REQUIRED } });

    expect(
      (await postJson(t.app, '/api/user/two-factor/disable', { password: STRONG_PASSWORD }, { cookie })).statusCode,
    ).toBe(204);
    expect((await getWith(t.app, '/api/user/two-factor', cookie)).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null });

    // The password alone signs in, to a session that does not claim a second factor; the recovery codes are gone.
    const signedIn = await passwordAlone();
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ twoFactorEnabled: false, twoFactorVerified: false });
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    expect(session!.secondFactorAt).toBeNull();
    expect(await t.database.db.select().from(recoveryCodesTable).where(eq(recoveryCodesTable.userId, user.id))).toEqual(
      [],
    );
  });

  it('is never part of the data export', async () => {
    const { cookie } = await signUp(t.app);
    const { secret } = await enrolTwoFactor(t.app, cookie, clock.now());
    const exported = await getWith(t.app, '/api/user/export', cookie);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toMatch(/totpSecret|totpPendingSecret|codeHash/);
    expect(exported.body).not.toContain(secret);
  });
});

describe('admins and the second factor', () => {
  const adminRoutes = Object.entries(ACCESS_TABLE)
    .filter(([, rule]) => rule === 'moderator' || rule === 'manager' || rule === 'super_admin')
    .map(([route]) => route.split(' ') as [string, string]);

  async function adminCalls(cookie: string) {
    const answers = new Set<string>();
    for (const [method, path] of adminRoutes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: path.replace(/:id\b/g, '00000000-0000-4000-8000-000000000000'),
        headers: {
          cookie,
          origin: 'http://localhost:3000',
          ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
        },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
      });
      answers.add(`${res.statusCode} ${res.json().message}`);
    }
    return [...answers];
  }

  it('refuses every admin route to an admin without two-step sign-in, and says what to do', async () => {
    const admin = await buildAdmin(t.database.db, 'super_admin', { totpEnabledAt: null });
    const res = await login({ email: admin.email, password: admin.password });
    expect(res.json()).toMatchObject({ twoFactorEnabled: false, twoFactorVerified: false });
    expect(await adminCalls(sessionCookie(res))).toEqual([`403 ${TWO_FACTOR_SETUP_NEEDED}`]);
  });

  it('refuses admin routes to sessions that did not prove the second factor', async () => {
    const admin = await buildAdmin(t.database.db, 'super_admin', { totpEnabledAt: null });
    const before = sessionCookie(await login({ email: admin.email, password: admin.password }));
    const during = sessionCookie(await login({ email: admin.email, password: admin.password }));
    await enrolTwoFactor(t.app, during, clock.now());
    // Turning it on signs the other sessions out; the one that turned it on can go straight on.
    expect((await getWith(t.app, '/api/auth/user', before)).statusCode).toBe(401);
    expect((await getWith(t.app, '/api/admin/dashboard', during)).statusCode).toBe(200);
  });

  it('lets an enrolled admin in only after a code at sign-in', async () => {
    const admin = await buildAdmin(t.database.db, 'moderator');
    expect((await login({ email: admin.email, password: admin.password })).statusCode).toBe(401);
    clock.advance(STEP_MS);
    const res = await login(adminLogin(admin, clock.now()));
    expect(res.statusCode).toBe(200);
    expect((await getWith(t.app, '/api/admin/dashboard', sessionCookie(res))).statusCode).toBe(200);
  });

  it('names the fix when the session predates the code', async () => {
    const admin = await buildAdmin(t.database.db, 'moderator');
    clock.advance(STEP_MS);
    const cookie = sessionCookie(await login(adminLogin(admin, clock.now())));
    await t.database.db.update(sessions).set({ secondFactorAt: null }).where(eq(sessions.userId, admin.id));
    const res = await getWith(t.app, '/api/admin/dashboard', cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TWO_FACTOR_SIGN_IN_NEEDED);
  });
});
