/**
 * Passkeys on the API, with a software authenticator making real signatures: adding one takes her password and
 * a fresh challenge, signing in takes a valid signature over a challenge used once, with user verification and
 * a counter that grew; removing one stops it at once. An admin signs in with her second step done.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import { getWith, sessionCookie, signUp, STRONG_PASSWORD } from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { softwarePasskey, strangerKey, type SoftwarePasskey } from '../../../../tests/setup/software-passkey.ts';
import { fakeClock } from '../../services/clock.ts';
import { auditLog, passkeys, rateLimits, users } from '../../db/schema/index.ts';
import { PASSKEY_NOT_ACCEPTED } from '#shared/schemas/passkeys.ts';

const clock = fakeClock(new Date());
const t = setupTestApp({ clock });
const db = () => t.database.db;
// Every request here comes from one address; the limits per address are tested with the other limits.
beforeEach(async () => {
  await db().delete(rateLimits);
});

/** Her options, the authenticator's answer, and the server's verdict on it. */
async function addWith(cookie: string, key: SoftwarePasskey, name = 'Phone') {
  const options = await postJson(t.app, '/api/user/passkeys/options', { password: STRONG_PASSWORD }, { cookie });
  expect(options.statusCode).toBe(200);
  return postJson(
    t.app,
    '/api/user/passkeys',
    { name, credential: key.register(options.json(), SITE_ORIGIN) },
    { cookie },
  );
}

async function signInOptions() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/passkey/options',
    headers: { origin: SITE_ORIGIN },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const signInWith = (credential: unknown) => postJson(t.app, '/api/auth/passkey', { credential });

async function memberWithPasskey() {
  const member = await signUp(t.app, { role: 'patient' });
  const key = softwarePasskey(member.user.id);
  expect((await addWith(member.cookie, key)).statusCode).toBe(201);
  return { ...member, key };
}

describe('adding a passkey', () => {
  it('takes her password, lists the passkey by name, audits it, and exports its name but never its key', async () => {
    const member = await signUp(t.app, { role: 'patient' });
    const wrong = await postJson(
      t.app,
      '/api/user/passkeys/options',
      { password: 'not-it' },
      { cookie: member.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Your password is not correct',
      fieldErrors: { password: expect.any(String) },
    });

    const added = await addWith(member.cookie, softwarePasskey(member.user.id), 'Work laptop');
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      id: expect.any(String),
      name: 'Work laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect((await getWith(t.app, '/api/user/passkeys', member.cookie)).json()).toEqual([added.json()]);
    const audited = await db().select().from(auditLog).where(eq(auditLog.targetId, member.user.id));
    expect(audited.map((a) => a.action)).toContain('user.passkey_added');
    const exported = (await getWith(t.app, '/api/user/export', member.cookie)).json();
    expect(exported.passkeys).toEqual([{ name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null }]);
    expect(JSON.stringify(exported)).not.toContain((await db().select().from(passkeys))[0]!.publicKey);
  });

  it('accepts an answer once, and only to the challenge given to her, while it lasts', async () => {
    const member = await signUp(t.app, { role: 'patient' });
    const other = await signUp(t.app, { role: 'donor' });
    const key = softwarePasskey(member.user.id);
    const options = (
      await postJson(t.app, '/api/user/passkeys/options', { password: STRONG_PASSWORD }, { cookie: member.cookie })
    ).json();
    const answer = { name: 'Phone', credential: key.register(options, SITE_ORIGIN) };
    // Someone else's session cannot use her challenge.
    const stolen = await postJson(t.app, '/api/user/passkeys', answer, { cookie: other.cookie });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(PASSKEY_NOT_ACCEPTED);
    // Her challenge was used by that try: an answer is checked once.
    expect((await postJson(t.app, '/api/user/passkeys', answer, { cookie: member.cookie })).statusCode).toBe(400);

    const late = (
      await postJson(t.app, '/api/user/passkeys/options', { password: STRONG_PASSWORD }, { cookie: member.cookie })
    ).json();
    clock.advance(5 * 60 * 1000 + 1);
    const expired = { name: 'Phone', credential: key.register(late, SITE_ORIGIN) };
    expect((await postJson(t.app, '/api/user/passkeys', expired, { cookie: member.cookie })).statusCode).toBe(400);
    // An answer made for another site is refused.
    const fresh = (
      await postJson(t.app, '/api/user/passkeys/options', { password: STRONG_PASSWORD }, { cookie: member.cookie })
    ).json();
    const phished = { name: 'Phone', credential: key.register(fresh, 'https://healing-circle.example') };
    expect((await postJson(t.app, '/api/user/passkeys', phished, { cookie: member.cookie })).statusCode).toBe(400);
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, member.user.id))).toEqual([]);
  });

  it('refuses bad input and anonymous callers with the one error shape, and writes nothing', async () => {
    const member = await signUp(t.app, { role: 'patient' });
    expect((await postJson(t.app, '/api/user/passkeys/options', { password: STRONG_PASSWORD })).statusCode).toBe(401);
    for (const body of [
      {},
      { name: '', credential: {} },
      { name: 'x'.repeat(61), credential: { id: 'a' } },
      { name: 'A', credential: 'x' },
    ]) {
      const res = await postJson(t.app, '/api/user/passkeys', body, { cookie: member.cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: 'VALIDATION' });
    }
    expect((await signInWith({ id: '!!', rawId: 1 })).statusCode).toBe(400);
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, member.user.id))).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('signs her in, records when it was last used, and refuses the same answer a second time', async () => {
    const { key, user } = await memberWithPasskey();
    const answer = key.signIn(await signInOptions(), SITE_ORIGIN);
    const res = await signInWith(answer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email });
    expect((await getWith(t.app, '/api/auth/user', sessionCookie(res))).json().id).toBe(user.id);
    const [stored] = await db().select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(stored!.lastUsedAt).not.toBeNull();
    expect(stored!.counter).toBe(1);
    const replay = await signInWith(answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(PASSKEY_NOT_ACCEPTED);
  });

  it('refuses a counter that did not grow, an answer without user verification, and a signature by another key', async () => {
    const { key } = await memberWithPasskey();
    expect((await signInWith(key.signIn(await signInOptions(), SITE_ORIGIN))).statusCode).toBe(200);
    const cloned = key.signIn(await signInOptions(), SITE_ORIGIN, { counter: 1 });
    expect((await signInWith(cloned)).statusCode).toBe(400);
    expect((await signInWith(key.signIn(await signInOptions(), SITE_ORIGIN, { verified: false }))).statusCode).toBe(
      400,
    );
    const forged = key.signIn(await signInOptions(), SITE_ORIGIN, { signWith: strangerKey() });
    expect((await signInWith(forged)).statusCode).toBe(400);
    expect((await signInWith(softwarePasskey('nobody').signIn(await signInOptions(), SITE_ORIGIN))).statusCode).toBe(
      400,
    );
  });

  it('no longer signs in with a removed passkey, and nobody else can remove hers', async () => {
    const { key, cookie } = await memberWithPasskey();
    const [mine] = (await getWith(t.app, '/api/user/passkeys', cookie)).json() as { id: string }[];
    const other = await signUp(t.app, { role: 'donor' });
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/passkeys/${mine!.id}`,
      headers: { cookie: other.cookie, origin: SITE_ORIGIN },
    });
    expect(theirs.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/passkeys/${mine!.id}`,
      headers: { cookie, origin: SITE_ORIGIN },
    });
    expect(removed.statusCode).toBe(204);
    expect((await getWith(t.app, '/api/user/passkeys', cookie)).json()).toEqual([]);
    expect((await signInWith(key.signIn(await signInOptions(), SITE_ORIGIN))).statusCode).toBe(400);
  });

  it('refuses a suspended account', async () => {
    const { key, user } = await memberWithPasskey();
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    const res = await signInWith(key.signIn(await signInOptions(), SITE_ORIGIN));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account is suspended. Please contact support.');
  });

  it('gives an admin with two-step sign-in her admin pages: the passkey with verification is her second step', async () => {
    const { admin, cookie } = await signInAdmin(t.app, db(), 'manager');
    const key = softwarePasskey(admin.id);
    expect((await addWith(cookie, key)).statusCode).toBe(201);
    const res = await signInWith(key.signIn(await signInOptions(), SITE_ORIGIN));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ twoFactorVerified: true });
    expect((await getWith(t.app, '/api/admin/dashboard', sessionCookie(res))).statusCode).toBe(200);
  });
});

describe("an admin's step-up with a passkey", () => {
  const stepUpOptions = async (cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/elevate/passkey/options',
      headers: { origin: SITE_ORIGIN, cookie },
    });
  const stepUpWith = (cookie: string, credential: unknown) =>
    postJson(t.app, '/api/admin/elevate/passkey', { credential }, { cookie });

  it('opens the money moves with her own passkey, once per challenge, and never with another admin’s', async () => {
    const { admin, cookie } = await signInAdmin(t.app, db(), 'manager');
    const key = softwarePasskey(admin.id);
    expect((await addWith(cookie, key)).statusCode).toBe(201);
    const other = await signInAdmin(t.app, db(), 'manager');
    const otherKey = softwarePasskey(other.admin.id);
    expect((await addWith(other.cookie, otherKey)).statusCode).toBe(201);
    expect((await getWith(t.app, '/api/admin/donations', cookie)).json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });

    // Another admin's passkey answering her challenge opens nothing.
    const refused = await stepUpWith(cookie, otherKey.signIn((await stepUpOptions(cookie)).json(), SITE_ORIGIN));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Access Denied: That passkey was not accepted/);
    expect((await getWith(t.app, '/api/admin/donations', cookie)).statusCode).toBe(403);

    const options = (await stepUpOptions(cookie)).json();
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([key.credentialId]);
    const answer = key.signIn(options, SITE_ORIGIN);
    const opened = await stepUpWith(cookie, answer);
    expect(opened.statusCode).toBe(200);
    expect(new Date(opened.json().elevatedUntil).getTime()).toBeGreaterThan(clock.now().getTime());
    expect((await getWith(t.app, '/api/admin/donations', cookie)).statusCode).toBe(200);
    expect((await stepUpWith(cookie, answer)).statusCode).toBe(403);
  });

  it('tells an admin without a passkey to use her password, and refuses members', async () => {
    const { cookie } = await signInAdmin(t.app, db(), 'manager');
    const none = await stepUpOptions(cookie);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('You have no passkey; unlock with your password');
    const member = await memberWithPasskey();
    expect((await stepUpOptions(member.cookie)).statusCode).toBe(403);
  });
});
