/**
 * Passwordless (issue 38, decision 016): once she has a passkey she may remove her password; she then signs in with
 * the passkey, the password form refuses her as it refuses a wrong password, and every change that asked for her
 * password takes a passkey confirmation on the session instead (used once, for a few minutes, her own passkeys
 * only). Her last passkey stays while she has no password; a reset link gives her a password again.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import {
  enrolTwoFactor,
  getWith,
  resetTokenFor,
  sessionCookie,
  signUp,
  STRONG_PASSWORD,
} from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { softwarePasskey, type SoftwarePasskey } from '../../../../tests/setup/software-passkey.ts';
import { fakeClock } from '../../services/clock.ts';
import { auditLog, outbox, rateLimits, sessions, users } from '../../db/schema/index.ts';
import {
  CONFIRM_WITH_PASSKEY,
  CONFIRM_WITH_PASSWORD_OR_PASSKEY,
  LAST_WAY_IN,
  PASSKEY_CONFIRMATION_REFUSED,
  PASSWORD_NEEDS_PASSKEY,
} from '#shared/schemas/passkeys.ts';

const clock = fakeClock(new Date());
const t = setupTestApp({ clock });
const db = () => t.database.db;
beforeEach(async () => {
  await db().delete(rateLimits);
});

const NEW_PASSWORD = 'Another-Harbour-77';

function send(method: 'DELETE' | 'POST', url: string, body: unknown, cookie?: string) {
  return t.app.inject({
    method,
    url,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: SITE_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}
const removePassword = (cookie: string, body: unknown = { password: STRONG_PASSWORD }) =>
  send('DELETE', '/api/user/password', body, cookie);
const login = (email: string, password: string) => postJson(t.app, '/api/auth/login', { email, password });

async function addWith(cookie: string, key: SoftwarePasskey, body: unknown = { password: STRONG_PASSWORD }) {
  const options = await postJson(t.app, '/api/user/passkeys/options', body, { cookie });
  expect(options.statusCode, options.body).toBe(200);
  return postJson(
    t.app,
    '/api/user/passkeys',
    { name: 'Phone', credential: key.register(options.json(), SITE_ORIGIN) },
    { cookie },
  );
}

async function signInOptions() {
  const res = await postJson(t.app, '/api/auth/passkey/options', {});
  expect(res.statusCode).toBe(200);
  return res.json();
}

const reauthOptions = (cookie: string) => postJson(t.app, '/api/user/reauth/passkey/options', {}, { cookie });
const reauthWith = (cookie: string, credential: unknown) =>
  postJson(t.app, '/api/user/reauth/passkey', { credential }, { cookie });

/** Her passkey confirms her on this session: the options, her authenticator's answer, the server's stamp. */
async function confirm(cookie: string, key: SoftwarePasskey) {
  const options = await reauthOptions(cookie);
  expect(options.statusCode).toBe(200);
  const res = await reauthWith(cookie, key.signIn(options.json(), SITE_ORIGIN));
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** A member with a passkey who removed her password; `cookie` is still signed in. */
async function passwordlessMember() {
  const member = await signUp(t.app, { role: 'patient' });
  const key = softwarePasskey(member.user.id);
  expect((await addWith(member.cookie, key)).statusCode).toBe(201);
  expect((await removePassword(member.cookie)).statusCode).toBe(204);
  return { ...member, key };
}

describe('removing her password', () => {
  it('is refused while she has no passkey, without a confirmation, and with a wrong password', async () => {
    const member = await signUp(t.app, { role: 'donor' });
    const none = await removePassword(member.cookie);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(PASSWORD_NEEDS_PASSKEY);
    expect((await addWith(member.cookie, softwarePasskey(member.user.id))).statusCode).toBe(201);
    const bare = await removePassword(member.cookie, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      message: CONFIRM_WITH_PASSWORD_OR_PASSKEY,
      fieldErrors: { password: expect.any(String) },
    });
    expect((await removePassword(member.cookie, { password: 'not-it' })).statusCode).toBe(400);
    const [row] = await db().select().from(users).where(eq(users.id, member.user.id));
    expect(row!.passwordHash).not.toBeNull();
  });

  it('leaves the passkey as her way in: the password is refused as a wrong one, other sessions end, audited and mailed', async () => {
    const member = await signUp(t.app, { role: 'patient' });
    const key = softwarePasskey(member.user.id);
    expect((await addWith(member.cookie, key)).statusCode).toBe(201);
    const other = sessionCookie(await login(member.person.email, STRONG_PASSWORD));
    expect((await getWith(t.app, '/api/auth/user', member.cookie)).json().hasPassword).toBe(true);

    expect((await removePassword(member.cookie)).statusCode).toBe(204);
    expect((await getWith(t.app, '/api/auth/user', member.cookie)).json()).toMatchObject({ hasPassword: false });
    expect((await getWith(t.app, '/api/auth/user', other)).statusCode).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.user.id))).toHaveLength(1);

    // Her old password, any password, and a wrong one for an account that has one: the same refusal.
    const old = await login(member.person.email, STRONG_PASSWORD);
    const someone = await signUp(t.app, { role: 'donor' });
    const wrong = await login(someone.person.email, 'Not-Her-Password-1');
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual(wrong.json());
    expect(old.json().message).toBe('Invalid email or password');
    expect(old.headers['set-cookie']).toBeUndefined();

    const signedIn = await postJson(t.app, '/api/auth/passkey', {
      credential: key.signIn(await signInOptions(), SITE_ORIGIN),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: member.user.id, hasPassword: false });

    const audited = await db().select().from(auditLog).where(eq(auditLog.targetId, member.user.id));
    expect(audited.map((a) => a.action)).toContain('user.password_removed');
    const mail = await db().select().from(outbox).where(eq(outbox.to, member.person.email));
    expect(mail.map((m) => m.subject)).toContain('Your Healing Circle password was removed');
    // Nothing of it in her data's export either.
    const exported = (await getWith(t.app, '/api/user/export', member.cookie)).json();
    expect(JSON.stringify(exported)).not.toMatch(/passwordHash|argon2/);
    // Already gone: nothing more to remove.
    await confirm(member.cookie, key);
    expect((await removePassword(member.cookie, {})).statusCode).toBe(409);
  });

  it('keeps her last passkey while she has no password, and lets her remove any other', async () => {
    const { cookie, key } = await passwordlessMember();
    const [only] = (await getWith(t.app, '/api/user/passkeys', cookie)).json() as { id: string }[];
    const del = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/user/passkeys/${id}`, headers: { cookie, origin: SITE_ORIGIN } });
    const refused = await del(only!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LAST_WAY_IN);

    await confirm(cookie, key);
    expect((await addWith(cookie, softwarePasskey('second'), {})).statusCode).toBe(201);
    expect((await del(only!.id)).statusCode).toBe(204);
    const [second] = (await getWith(t.app, '/api/user/passkeys', cookie)).json() as { id: string }[];
    expect((await del(second!.id)).statusCode).toBe(409);
  });

  it('never leaves her without both at once: the password and her only passkey removed together, one is refused', async () => {
    const member = await signUp(t.app, { role: 'patient' });
    expect((await addWith(member.cookie, softwarePasskey(member.user.id))).statusCode).toBe(201);
    const [only] = (await getWith(t.app, '/api/user/passkeys', member.cookie)).json() as { id: string }[];
    const [password, passkey] = await Promise.all([
      removePassword(member.cookie),
      t.app.inject({
        method: 'DELETE',
        url: `/api/user/passkeys/${only!.id}`,
        headers: { cookie: member.cookie, origin: SITE_ORIGIN },
      }),
    ]);
    expect([password.statusCode, passkey.statusCode].sort()).toEqual([204, 409]);
    const [row] = await db().select().from(users).where(eq(users.id, member.user.id));
    const left = (await getWith(t.app, '/api/user/passkeys', member.cookie)).json() as unknown[];
    expect(row!.passwordHash !== null || left.length > 0).toBe(true);
  });

  it('is given back by a reset link: the mailed link sets a new password that signs her in', async () => {
    const { person } = await passwordlessMember();
    const token = await resetTokenFor(t.app, db(), person.email);
    const reset = await postJson(t.app, '/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    const back = await login(person.email, NEW_PASSWORD);
    expect(back.statusCode).toBe(200);
    expect(back.json().hasPassword).toBe(true);
  });
});

describe('confirming herself with a passkey', () => {
  it('lists only her passkeys, accepts an answer once and only from her own passkey, while the challenge lasts', async () => {
    const { cookie, key } = await passwordlessMember();
    const other = await signUp(t.app, { role: 'donor' });
    const otherKey = softwarePasskey(other.user.id);
    expect((await addWith(other.cookie, otherKey)).statusCode).toBe(201);

    const options = (await reauthOptions(cookie)).json();
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([key.credentialId]);
    expect(options.userVerification).toBe('required');
    // Another member's passkey answering her challenge confirms nothing, and spends the challenge.
    const theirs = await reauthWith(cookie, otherKey.signIn(options, SITE_ORIGIN));
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(PASSKEY_CONFIRMATION_REFUSED);
    // Her answer to a challenge given to another session is refused too.
    const stolen = await reauthWith(other.cookie, key.signIn((await reauthOptions(cookie)).json(), SITE_ORIGIN));
    expect(stolen.statusCode).toBe(403);
    // Without user verification, or after the challenge expired: refused.
    const unverified = key.signIn((await reauthOptions(cookie)).json(), SITE_ORIGIN, { verified: false });
    expect((await reauthWith(cookie, unverified)).statusCode).toBe(403);
    const late = (await reauthOptions(cookie)).json();
    clock.advance(5 * 60 * 1000 + 1);
    expect((await reauthWith(cookie, key.signIn(late, SITE_ORIGIN))).statusCode).toBe(403);

    const answer = key.signIn((await reauthOptions(cookie)).json(), SITE_ORIGIN);
    const ok = await reauthWith(cookie, answer);
    expect(ok.statusCode).toBe(200);
    expect(new Date(ok.json().confirmedUntil).getTime()).toBe(clock.now().getTime() + 5 * 60 * 1000);
    expect((await reauthWith(cookie, answer)).statusCode).toBe(403);
  });

  it('tells a member without a passkey to use her password, and refuses anonymous callers', async () => {
    const member = await signUp(t.app, { role: 'donor' });
    const none = await reauthOptions(member.cookie);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('You have no passkey; confirm with your password');
    expect((await postJson(t.app, '/api/user/reauth/passkey/options', {})).statusCode).toBe(401);
  });

  it('stands for one change, for five minutes, on this session only', async () => {
    const { cookie, key } = await passwordlessMember();
    const bare = await postJson(t.app, '/api/user/passkeys/options', {}, { cookie });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      message: CONFIRM_WITH_PASSKEY,
      fieldErrors: { password: CONFIRM_WITH_PASSKEY },
    });
    // A password for an account that has none is a wrong one.
    const guessed = await postJson(t.app, '/api/user/passkeys/options', { password: STRONG_PASSWORD }, { cookie });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json().message).toBe('Your password is not correct');

    await confirm(cookie, key);
    expect((await postJson(t.app, '/api/user/passkeys/options', {}, { cookie })).statusCode).toBe(200);
    expect((await postJson(t.app, '/api/user/passkeys/options', {}, { cookie })).statusCode).toBe(400);

    await confirm(cookie, key);
    clock.advance(5 * 60 * 1000 + 1);
    expect((await postJson(t.app, '/api/user/passkeys/options', {}, { cookie })).statusCode).toBe(400);

    // A confirmation on one session does nothing for another of hers.
    const elsewhere = sessionCookie(
      await postJson(t.app, '/api/auth/passkey', { credential: key.signIn(await signInOptions(), SITE_ORIGIN) }),
    );
    await confirm(cookie, key);
    expect((await postJson(t.app, '/api/user/passkeys/options', {}, { cookie: elsewhere })).statusCode).toBe(400);
  });
});

describe('each change that asked for her password, without one', () => {
  it('sets a password with a passkey confirmation (no current password), audited, and refuses it without', async () => {
    const { cookie, key, person, user } = await passwordlessMember();
    const without = await postJson(t.app, '/api/user/password', { newPassword: NEW_PASSWORD }, { cookie });
    expect(without.statusCode).toBe(400);
    expect(without.json().fieldErrors).toEqual({ currentPassword: CONFIRM_WITH_PASSKEY });
    await confirm(cookie, key);
    // A refused new password does not spend her confirmation.
    const weak = await postJson(t.app, '/api/user/password', { newPassword: 'Password1' }, { cookie });
    expect(weak.statusCode).toBe(400);
    const set = await postJson(t.app, '/api/user/password', { newPassword: NEW_PASSWORD }, { cookie });
    expect(set.statusCode).toBe(200);
    expect(set.json().message).toBe('Your password has been set. Other devices have been signed out.');
    expect((await login(person.email, NEW_PASSWORD)).statusCode).toBe(200);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.password_set')));
    expect(audited).toHaveLength(1);
  });

  it('changes a password with a passkey confirmation in place of the current one', async () => {
    const member = await signUp(t.app, { role: 'patient' });
    const key = softwarePasskey(member.user.id);
    expect((await addWith(member.cookie, key)).statusCode).toBe(201);
    await confirm(member.cookie, key);
    const changed = await postJson(
      t.app,
      '/api/user/password',
      { newPassword: NEW_PASSWORD },
      { cookie: member.cookie },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe('Your password has been changed. Other devices have been signed out.');
  });

  it('makes new recovery codes and turns two-step sign-in off with a confirmation, and not without', async () => {
    const { cookie, key } = await passwordlessMember();
    await enrolTwoFactor(t.app, cookie, clock.now());
    const codes = (body: unknown) => postJson(t.app, '/api/user/two-factor/recovery-codes', body, { cookie });
    const off = (body: unknown) => postJson(t.app, '/api/user/two-factor/disable', body, { cookie });
    expect((await codes({})).statusCode).toBe(400);
    expect((await codes({ password: STRONG_PASSWORD })).statusCode).toBe(400);
    await confirm(cookie, key);
    expect((await codes({})).json().recoveryCodes).toHaveLength(10);
    expect((await off({})).statusCode).toBe(400);
    await confirm(cookie, key);
    expect((await off({})).statusCode).toBe(204);
  });

  it('deletes her account with a confirmation, and not without', async () => {
    const { cookie, key, user } = await passwordlessMember();
    expect((await send('DELETE', '/api/user', {}, cookie)).statusCode).toBe(400);
    await confirm(cookie, key);
    expect((await send('DELETE', '/api/user', {}, cookie)).statusCode).toBe(204);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it('an admin signs in with her passkey as her second step, and opens the money gate with it, not with a password', async () => {
    const { admin, cookie } = await signInAdmin(t.app, db(), 'manager');
    const key = softwarePasskey(admin.id);
    expect((await addWith(cookie, key)).statusCode).toBe(201);
    expect((await removePassword(cookie)).statusCode).toBe(204);
    const signedIn = await postJson(t.app, '/api/auth/passkey', {
      credential: key.signIn(await signInOptions(), SITE_ORIGIN),
    });
    expect(signedIn.json()).toMatchObject({ hasPassword: false, twoFactorVerified: true });
    const session = sessionCookie(signedIn);
    expect((await getWith(t.app, '/api/admin/dashboard', session)).statusCode).toBe(200);
    const gate = await postJson(t.app, '/api/admin/elevate', { password: STRONG_PASSWORD }, { cookie: session });
    expect(gate.statusCode).toBe(403);
    expect(gate.json().message).toBe('Access Denied: Incorrect password.');
    const options = await postJson(t.app, '/api/admin/elevate/passkey/options', {}, { cookie: session });
    const opened = await postJson(
      t.app,
      '/api/admin/elevate/passkey',
      { credential: key.signIn(options.json(), SITE_ORIGIN) },
      { cookie: session },
    );
    expect(opened.statusCode).toBe(200);
    expect((await getWith(t.app, '/api/admin/donations', session)).statusCode).toBe(200);
  });
});
