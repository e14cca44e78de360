import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { postJson, setupTestApp, SITE_ORIGIN } from '../../../../tests/setup/test-app.ts';
import {
  getWith,
  mailedLinks,
  newPerson,
  sessionCookie,
  signUp,
  solveAltcha,
  STRONG_PASSWORD,
} from '../../../../tests/setup/accounts.ts';
import { rateLimits, sessions, users } from '../../db/schema/index.ts';
import { hashToken } from '../../services/tokens.ts';

const t = setupTestApp();

async function resetLimits() {
  await t.database.db.delete(rateLimits);
}

describe('registration', () => {
  it('creates the account, signs the person in and mails a verification link', async () => {
    const { person, cookie, user } = await signUp(t.app, { email: 'Mixed.Case@Example.com' });
    expect(user).toMatchObject({
      email: 'mixed.case@example.com',
      role: 'patient',
      emailVerified: false,
      onboardingCompleted: false,
    });
    const me = await getWith(t.app, '/api/auth/user', cookie);
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.json().firstName).toBe(person.firstName);

    const [link] = await mailedLinks(t.database.db, 'mixed.case@example.com');
    expect(link).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=[\w-]{43}$/);
    const token = new URL(link!).searchParams.get('token');
    expect((await postJson(t.app, '/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect((await getWith(t.app, '/api/auth/user', cookie)).json().emailVerified).toBe(true);
    // Single use.
    expect((await postJson(t.app, '/api/auth/verify-email', { token })).statusCode).toBe(400);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie whose token is stored only as a hash', async () => {
    const person = newPerson();
    const res = await postJson(t.app, '/api/auth/register', { ...person, altcha: await solveAltcha(t.app) });
    const cookie = res.cookies.find((c) => c.name === 'session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);
    // The page-readable hint carries no secret.
    expect(res.cookies.find((c) => c.name === 'signed_in')).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === 'signed_in')!.httpOnly).toBeFalsy();
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === cookie.value)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashToken(cookie.value, t.config.sessionSecret))).toBe(true);
  });

  it('treats emails case-insensitively as one account', async () => {
    await resetLimits();
    await signUp(t.app, { email: 'dup@example.com' });
    const again = await postJson(t.app, '/api/auth/register', {
      ...newPerson({ email: 'DUP@example.com' }),
      altcha: await solveAltcha(t.app),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors).toHaveProperty(['email']);
  });

  it.each([
    ['short', 'Ab1', 'Password must be at least 8 characters'],
    ['one case only', 'lilacharbour42', 'Password must contain both uppercase and lowercase letters'],
    ['no digit', 'Lilac-Harbour', 'Password must contain at least one number'],
    ['too long', `Aa1${'x'.repeat(126)}`, 'Password must be at most 128 characters'],
    ['common', 'Password123', 'This password is too common. Please choose one that is harder to guess.'],
    ['own name', 'Rosalind-Tester-9', 'Password must not contain your name or email address'],
  ])('refuses a %s password with the spec message', async (_label, password, message) => {
    await resetLimits();
    const res = await postJson(t.app, '/api/auth/register', {
      ...newPerson({ password }),
      altcha: await solveAltcha(t.app),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fieldErrors: { password: message } });
  });

  it('refuses to create an admin without an invite, and any unknown field', async () => {
    await resetLimits();
    const admin = await postJson(t.app, '/api/auth/register', {
      ...newPerson({ role: 'admin' }),
      altcha: await solveAltcha(t.app),
    });
    expect(admin.statusCode).toBe(403);
    const sneaky = await postJson(t.app, '/api/auth/register', {
      ...newPerson(),
      adminLevel: 'super_admin',
      altcha: await solveAltcha(t.app),
    });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json().message).toMatch(/Unrecognized key: "adminLevel"/);
    expect(await t.database.db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(0);
  });

  it('needs a fresh human-verification solution: missing, forged and replayed ones are refused', async () => {
    await resetLimits();
    const missing = await postJson(t.app, '/api/auth/register', { ...newPerson(), altcha: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/Human verification did not complete/);
    const forged = await postJson(t.app, '/api/auth/register', {
      ...newPerson(),
      altcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64'),
    });
    expect(forged.statusCode).toBe(400);
    const altcha = await solveAltcha(t.app);
    expect((await postJson(t.app, '/api/auth/register', { ...newPerson(), altcha })).statusCode).toBe(201);
    const replay = await postJson(t.app, '/api/auth/register', { ...newPerson(), altcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/Human verification failed/);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password only, with one answer for a wrong password and an unknown email', async () => {
    await resetLimits();
    const { person } = await signUp(t.app);
    const wrong = await postJson(t.app, '/api/auth/login', { email: person.email, password: 'Not-The-One-1' });
    const unknown = await postJson(t.app, '/api/auth/login', {
      email: 'nobody@example.com',
      password: 'Not-The-One-1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    const ok = await postJson(t.app, '/api/auth/login', {
      email: person.email.toUpperCase(),
      password: person.password,
    });
    expect(ok.statusCode).toBe(200);
    expect((await getWith(t.app, '/api/auth/user', sessionCookie(ok))).statusCode).toBe(200);
  });

  it('gives a new session at sign-in: a cookie from before is not valid after (no fixation)', async () => {
    await resetLimits();
    const { person, cookie: before } = await signUp(t.app);
    const login = await postJson(
      t.app,
      '/api/auth/login',
      { email: person.email, password: person.password },
      { cookie: before },
    );
    const after = sessionCookie(login);
    expect(after).not.toBe(before);
    expect((await getWith(t.app, '/api/auth/user', before)).statusCode).toBe(401);
    expect((await getWith(t.app, '/api/auth/user', after)).statusCode).toBe(200);
  });

  it('signs in over a session that has ended with one cookie of each name: the new session, not a clearing', async () => {
    await resetLimits();
    const { person, cookie: ended } = await signUp(t.app);
    expect((await postJson(t.app, '/api/auth/logout', {}, { cookie: ended })).statusCode).toBe(204);
    const login = await postJson(
      t.app,
      '/api/auth/login',
      { email: person.email, password: person.password },
      { cookie: `${ended}; signed_in=1` },
    );
    expect(login.statusCode).toBe(200);
    expect(login.cookies.map((c) => c.name).sort()).toEqual(['session', 'signed_in']);
    expect(login.cookies.find((c) => c.name === 'signed_in')!.value).toBe('1');
    expect((await getWith(t.app, '/api/auth/user', sessionCookie(login))).statusCode).toBe(200);
  });

  it('GET /api/logout signs nobody out: it sends the visitor to the /logout page, whose button posts', async () => {
    const { cookie } = await signUp(t.app);
    const visit = await getWith(t.app, '/api/logout', cookie);
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe('/logout');
    expect(visit.cookies).toEqual([]);
    expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(200);
  });

  it('ends the session on the server at POST /api/auth/logout: the old cookie gets 401', async () => {
    const { cookie } = await signUp(t.app);
    const out = await postJson(t.app, '/api/auth/logout', {}, { cookie });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.map((c) => [c.name, c.value])).toEqual(
      expect.arrayContaining([
        ['session', ''],
        ['signed_in', ''],
      ]),
    );
    expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(401);
  });

  it('answers 401 for the current user when signed out', async () => {
    const res = await t.app.inject('/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('sends /api/login to the sign-in page, keeping only a same-site return path', async () => {
    expect((await t.app.inject('/api/login')).headers.location).toBe('/login');
    expect((await t.app.inject('/api/login?returnTo=/donate')).headers.location).toBe('/login?returnTo=%2Fdonate');
    for (const evil of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/donate\r\nx: y',
    ]) {
      expect((await t.app.inject(`/api/login?returnTo=${encodeURIComponent(evil)}`)).headers.location).toBe('/login');
    }
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request with a session cookie from another origin, or with no origin at all', async () => {
    const { cookie } = await signUp(t.app);
    const body = { role: 'donor', recaptchaToken: await solveAltcha(t.app) };
    const evil = await postJson(t.app, '/api/auth/set-role', body, { cookie, origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    const bare = await t.app.inject({ method: 'POST', url: '/api/auth/set-role', payload: body, headers: { cookie } });
    expect(bare.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-role',
      payload: body,
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const own = await postJson(t.app, '/api/auth/set-role', body, { cookie, origin: SITE_ORIGIN });
    expect(own.statusCode).toBe(200);
  });
});

describe('choosing a role', () => {
  it('changes the role to patient, doctor or donor and issues a new session', async () => {
    const { cookie } = await signUp(t.app);
    const res = await postJson(
      t.app,
      '/api/auth/set-role',
      { role: 'doctor', recaptchaToken: await solveAltcha(t.app) },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('doctor');
    expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(401);
    expect((await getWith(t.app, '/api/auth/user', sessionCookie(res))).json().role).toBe('doctor');
  });

  it('refuses admin, a missing verification token, and anonymous callers', async () => {
    const { cookie } = await signUp(t.app);
    const admin = await postJson(
      t.app,
      '/api/auth/set-role',
      { role: 'admin', recaptchaToken: await solveAltcha(t.app) },
      { cookie },
    );
    expect(admin.statusCode).toBe(400);
    const noToken = await postJson(t.app, '/api/auth/set-role', { role: 'donor', recaptchaToken: null }, { cookie });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().message).toMatch(/Human verification/);
    const anonymous = await postJson(t.app, '/api/auth/set-role', {
      role: 'donor',
      recaptchaToken: await solveAltcha(t.app),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    return postJson(t.app, '/api/auth/request-password-reset', { email, altcha: await solveAltcha(t.app) });
  }

  async function waitForResetLink(email: string): Promise<string> {
    for (;;) {
      const link = (await mailedLinks(t.database.db, email)).find((l) => l.includes('/reset-password?token='));
      if (link) return link;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('answers the same whether or not the account exists', async () => {
    await resetLimits();
    const { person } = await signUp(t.app);
    const known = await requestReset(person.email);
    const unknown = await requestReset('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe("If an account exists with that email, you'll receive a password reset link.");
  });

  it('resets with the mailed link once, ends every session, and mails a notice', async () => {
    await resetLimits();
    const { person, cookie } = await signUp(t.app);
    await requestReset(person.email);
    const link = await waitForResetLink(person.email);
    expect(link.startsWith('http://localhost:3000/reset-password?token=')).toBe(true);
    const token = new URL(link).searchParams.get('token')!;

    const weak = await postJson(t.app, '/api/auth/reset-password', { token, newPassword: 'short' });
    expect(weak.json().message).toBe('Password must be at least 8 characters long');
    const res = await postJson(t.app, '/api/auth/reset-password', { token, newPassword: 'Fresh-Meadow-77' });
    expect(res.statusCode).toBe(200);
    expect((await getWith(t.app, '/api/auth/user', cookie)).statusCode).toBe(401);
    expect(
      (await postJson(t.app, '/api/auth/login', { email: person.email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await postJson(t.app, '/api/auth/login', { email: person.email, password: 'Fresh-Meadow-77' })).statusCode,
    ).toBe(200);

    const reuse = await postJson(t.app, '/api/auth/reset-password', { token, newPassword: 'Another-Field-88' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('This password reset link is invalid or expired.');
  });

  it('says whether a link can still be used, without using it up: usable until the reset, spent after', async () => {
    await resetLimits();
    const { person } = await signUp(t.app);
    await requestReset(person.email);
    const token = new URL(await waitForResetLink(person.email)).searchParams.get('token')!;
    const status = (value: string) =>
      t.app.inject({ url: `/api/auth/reset-password?token=${encodeURIComponent(value)}` });

    for (let i = 0; i < 2; i++) {
      const open = await status(token);
      expect(open.statusCode).toBe(200);
      expect(open.headers['cache-control']).toBe('no-store');
      expect(open.json()).toEqual({ usable: true });
    }
    expect(
      (await postJson(t.app, '/api/auth/reset-password', { token, newPassword: 'Fresh-Meadow-77' })).statusCode,
    ).toBe(200);
    expect((await status(token)).json()).toEqual({
      usable: false,
      message: 'This password reset link is invalid or expired.',
    });
    expect((await status('not-a-token-anyone-was-sent')).json()).toMatchObject({ usable: false });
    const missing = await t.app.inject({ url: '/api/auth/reset-password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Invalid reset token.');
  });

  it('limits how often an address may check links', async () => {
    await resetLimits();
    const answers = [];
    for (let i = 0; i < 31; i++)
      answers.push((await t.app.inject({ url: `/api/auth/reset-password?token=guess-${i}` })).statusCode);
    expect(answers.slice(0, 30).every((code) => code === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });

  it('refuses a missing token with the spec message', async () => {
    const res = await postJson(t.app, '/api/auth/reset-password', { token: '', newPassword: 'Fresh-Meadow-77' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid reset token.');
  });
});
