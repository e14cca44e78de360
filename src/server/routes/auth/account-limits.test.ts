/** Limits per account: guessing one account's password or code from many addresses is stopped. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { freshAddress, injectFrom, setupTestApp, statusesOf } from '../../../../tests/setup/test-app.ts';
import {
  enrolTwoFactor,
  getWith,
  mailedLinks,
  sessionCookie,
  signUp,
  solveAltcha,
  STRONG_PASSWORD,
} from '../../../../tests/setup/accounts.ts';
import { signInAdmin } from '../../../../tests/factories/users.ts';
import { outbox, rateLimits } from '../../db/schema/index.ts';
import {
  FAILED_CODES,
  FAILED_PASSWORD_CONFIRMATIONS,
  FAILED_SIGN_INS,
  RESET_REQUESTS,
  VERIFICATION_RESENDS,
} from '../../services/account-limits.ts';
import { ALTCHA_CHALLENGES_PER_MINUTE } from '../../services/altcha.ts';

const t = setupTestApp();
const WRONG_PASSWORD = 'Wrong-Guess-1234';
const NEW_PASSWORD = 'Another-Harbour-77';

/** POST JSON from a new address each time, as an attacker with many addresses would. */
const postFrom = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  injectFrom(t.app, { url, body, headers });

function expectAccountLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({
    code: 'RATE_LIMITED',
    message: expect.stringMatching(/^Too many attempts for this account\. Please try again in \d+ minutes?\.$/),
  });
}

async function mailsTo(email: string) {
  return t.database.db.select().from(outbox).where(eq(outbox.to, email));
}

beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

describe('password sign-in, per account', () => {
  it('after 10 wrong passwords from 10 addresses, even the right password from a new address gets 429 with Retry-After', async () => {
    const { person } = await signUp(t.app);
    for (let i = 0; i < FAILED_SIGN_INS.max; i++) {
      expect((await postFrom('/api/auth/login', { email: person.email, password: WRONG_PASSWORD })).statusCode).toBe(
        401,
      );
    }
    expectAccountLimited(await postFrom('/api/auth/login', { email: person.email, password: STRONG_PASSWORD }));
    expectAccountLimited(
      await postFrom('/api/auth/login', { email: person.email.toUpperCase(), password: STRONG_PASSWORD }),
    );
  });

  it('mails the owner once when sign-in is paused, saying when and to reset the password, without the password tried', async () => {
    const { person } = await signUp(t.app);
    for (let i = 0; i < FAILED_SIGN_INS.max + 3; i++)
      await postFrom('/api/auth/login', { email: person.email, password: `${WRONG_PASSWORD}${i}` });
    // The notice is queued after the answer (its timing must not tell the account exists).
    const paused = async () => (await mailsTo(person.email)).filter((m) => m.subject.includes('is paused'));
    await expect.poll(async () => (await paused()).length).toBe(1);
    const notices = await paused();
    expect(notices[0]!.text).toMatch(/someone may know or be guessing your password/);
    expect(notices[0]!.text).toContain('http://localhost:3000/forgot-password');
    expect(notices[0]!.text).toMatch(/On \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT/);
    expect(notices[0]!.text).not.toContain(WRONG_PASSWORD);
  });

  it('30 wrong passwords for one account sent at once from 30 addresses: at most 10 are answered 401, the rest 429, and one mail', async () => {
    const { person } = await signUp(t.app);
    const tries = 3 * FAILED_SIGN_INS.max;
    const answers = await Promise.all(
      Array.from({ length: tries }, (_, i) =>
        postFrom('/api/auth/login', { email: person.email, password: `${WRONG_PASSWORD}${i}` }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(FAILED_SIGN_INS.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(tries - statuses.filter((s) => s === 401).length);
    await expect
      .poll(async () => (await mailsTo(person.email)).filter((m) => m.subject.includes('is paused')).length)
      .toBe(1);
  });

  it('after the lockout the owner resets her password by the mailed link and signs in with the new one at once', async () => {
    const { person } = await signUp(t.app);
    for (let i = 0; i < FAILED_SIGN_INS.max; i++)
      await postFrom('/api/auth/login', { email: person.email, password: WRONG_PASSWORD });
    expectAccountLimited(await postFrom('/api/auth/login', { email: person.email, password: STRONG_PASSWORD }));
    expect(
      (await postFrom('/api/auth/request-password-reset', { email: person.email, altcha: await solveAltcha(t.app) }))
        .statusCode,
    ).toBe(200);
    const link = await vi.waitUntil(async () =>
      (await mailedLinks(t.database.db, person.email)).find((l) => l.includes('/reset-password?token=')),
    );
    const token = new URL(link).searchParams.get('token');
    expect((await postFrom('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await postFrom('/api/auth/login', { email: person.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('a signed-in owner who changes her password ends a lockout of her email at once', async () => {
    const { person, cookie } = await signUp(t.app);
    for (let i = 0; i < FAILED_SIGN_INS.max; i++)
      await postFrom('/api/auth/login', { email: person.email, password: WRONG_PASSWORD });
    expect(
      (
        await postFrom(
          '/api/user/password',
          { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD },
          { cookie },
        )
      ).statusCode,
    ).toBe(200);
    expect((await postFrom('/api/auth/login', { email: person.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('limits an email without an account the same way, so the answers do not tell whether it exists', async () => {
    const unknown = `nobody.${Date.now()}@example.com`;
    const answers: number[] = [];
    for (let i = 0; i <= FAILED_SIGN_INS.max; i++)
      answers.push((await postFrom('/api/auth/login', { email: unknown, password: WRONG_PASSWORD })).statusCode);
    expect(answers).toEqual([...Array<number>(FAILED_SIGN_INS.max).fill(401), 429]);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  it('gives a right password its try back: 12 sign-ins in a row succeed, and 10 wrong ones after them are still 401', async () => {
    const { person } = await signUp(t.app);
    for (let i = 0; i < FAILED_SIGN_INS.max + 2; i++)
      expect((await postFrom('/api/auth/login', { email: person.email, password: STRONG_PASSWORD })).statusCode).toBe(
        200,
      );
    expect(
      await statusesOf(FAILED_SIGN_INS.max, () =>
        postFrom('/api/auth/login', { email: person.email, password: WRONG_PASSWORD }),
      ),
    ).toEqual(Array<number>(FAILED_SIGN_INS.max).fill(401));
  });

  it('a right password after 5 wrong ones gives back only its own try: 5 more wrong ones are 401, then even the right one is 429', async () => {
    const { person } = await signUp(t.app);
    const wrong = () => postFrom('/api/auth/login', { email: person.email, password: WRONG_PASSWORD });
    const right = () => postFrom('/api/auth/login', { email: person.email, password: STRONG_PASSWORD });
    expect(await statusesOf(5, wrong)).toEqual(Array<number>(5).fill(401));
    expect((await right()).statusCode).toBe(200);
    expect(await statusesOf(5, wrong)).toEqual(Array<number>(5).fill(401));
    expectAccountLimited(await right());
  });

  it('a sign-in sends the database two statements: the tries counted with the account read, the session with the try given back', async () => {
    const { person } = await signUp(t.app);
    const client = (t.database.db as unknown as { $client: { query(...args: unknown[]): unknown } }).$client;
    const sent = vi.spyOn(client, 'query');
    let res: LightMyRequestResponse;
    try {
      res = await postFrom('/api/auth/login', { email: person.email, password: STRONG_PASSWORD });
      expect(sent).toHaveBeenCalledTimes(2);
    } finally {
      sent.mockRestore();
    }
    expect(res.statusCode).toBe(200);
    expect((await getWith(t.app, '/api/auth/user', sessionCookie(res))).json()).toMatchObject({ email: person.email });
    const [counter] = await t.database.db.select().from(rateLimits).where(like(rateLimits.key, 'acct:sign-in:%'));
    expect(counter?.count).toBe(0);
  });

  it("leaves other accounts' sign-in alone", async () => {
    const { person: target } = await signUp(t.app);
    const { person: bystander } = await signUp(t.app);
    for (let i = 0; i < FAILED_SIGN_INS.max; i++)
      await postFrom('/api/auth/login', { email: target.email, password: WRONG_PASSWORD });
    expect((await postFrom('/api/auth/login', { email: bystander.email, password: STRONG_PASSWORD })).statusCode).toBe(
      200,
    );
  });
});

describe('two-step codes, per account', () => {
  it('after 10 wrong codes from 10 addresses the code step answers 429 for that account', async () => {
    const { person, cookie } = await signUp(t.app);
    const { recoveryCodes } = await enrolTwoFactor(t.app, cookie);
    for (let i = 0; i < FAILED_CODES.max; i++) {
      const res = await postFrom('/api/auth/login', {
        email: person.email,
        password: STRONG_PASSWORD,
        code: 'ZZZZ-ZZZZ',
      });
      expect(res.statusCode).toBe(401);
    }
    // Even a good recovery code is refused now.
    expectAccountLimited(
      await postFrom('/api/auth/login', { email: person.email, password: STRONG_PASSWORD, code: recoveryCodes[0] }),
    );
  });

  it('limits wrong codes when turning two-step sign-in on', async () => {
    const { cookie } = await signUp(t.app);
    expect((await postFrom('/api/user/two-factor/setup', {}, { cookie })).statusCode).toBe(200);
    for (let i = 0; i < FAILED_CODES.max; i++)
      expect((await postFrom('/api/user/two-factor/enable', { code: '000000' }, { cookie })).statusCode).toBe(400);
    expectAccountLimited(await postFrom('/api/user/two-factor/enable', { code: '000000' }, { cookie }));
  });
});

describe('re-entered passwords, per account', () => {
  it('the admin password gate refuses with 429 after 10 wrong passwords, even the right one', async () => {
    const { cookie } = await signInAdmin(t.app, t.database.db, 'manager');
    for (let i = 0; i < FAILED_PASSWORD_CONFIRMATIONS.max; i++) {
      expect((await postFrom('/api/admin/elevate', { password: WRONG_PASSWORD }, { cookie })).statusCode).toBe(403);
    }
    expectAccountLimited(await postFrom('/api/admin/elevate', { password: STRONG_PASSWORD }, { cookie }));
  });

  it('turning two-step sign-in off and changing the password share that limit', async () => {
    const { cookie } = await signUp(t.app);
    await enrolTwoFactor(t.app, cookie);
    for (let i = 0; i < FAILED_PASSWORD_CONFIRMATIONS.max / 2; i++) {
      expect(
        (await postFrom('/api/user/two-factor/disable', { password: WRONG_PASSWORD }, { cookie })).statusCode,
      ).toBe(400);
      expect(
        (
          await postFrom(
            '/api/user/password',
            { currentPassword: WRONG_PASSWORD, newPassword: NEW_PASSWORD },
            { cookie },
          )
        ).statusCode,
      ).toBe(400);
    }
    expectAccountLimited(
      await postFrom('/api/user/two-factor/recovery-codes', { password: STRONG_PASSWORD }, { cookie }),
    );
    expectAccountLimited(
      await postFrom('/api/user/password', { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD }, { cookie }),
    );
  });

  it('deleting the account counts wrong passwords too: after 10, even the right one gets 429 and the account stays', async () => {
    const { cookie } = await signUp(t.app);
    const deleteWith = (password: string) =>
      injectFrom(t.app, { method: 'DELETE', url: '/api/user', body: { password }, headers: { cookie } });
    for (let i = 0; i < FAILED_PASSWORD_CONFIRMATIONS.max; i++) {
      await t.database.db.delete(rateLimits).where(like(rateLimits.key, 'rl:%'));
      expect((await deleteWith(WRONG_PASSWORD)).statusCode).toBe(400);
    }
    await t.database.db.delete(rateLimits).where(like(rateLimits.key, 'rl:%'));
    expectAccountLimited(await deleteWith(STRONG_PASSWORD));
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('mailed links, per account or email', () => {
  it('allows 5 password-reset requests per email an hour, from any address', async () => {
    const email = `reset.${Date.now()}@example.com`;
    for (let i = 0; i < RESET_REQUESTS.max; i++) {
      expect(
        (await postFrom('/api/auth/request-password-reset', { email, altcha: await solveAltcha(t.app) })).statusCode,
      ).toBe(200);
    }
    expectAccountLimited(
      await postFrom('/api/auth/request-password-reset', {
        email: email.toUpperCase(),
        altcha: await solveAltcha(t.app),
      }),
    );
  });

  it('allows 3 verification-mail resends per account in 15 minutes, from any address', async () => {
    const { cookie } = await signUp(t.app);
    for (let i = 0; i < VERIFICATION_RESENDS.max; i++)
      expect((await postFrom('/api/auth/resend-verification', {}, { cookie })).statusCode).toBe(200);
    expectAccountLimited(await postFrom('/api/auth/resend-verification', {}, { cookie }));
  });
});

describe('the per-address limits still hold', () => {
  it('one address gets 429 from the sign-in route after 10 tries, whichever emails it uses', async () => {
    const address = freshAddress();
    const codes = await statusesOf(11, (i) =>
      injectFrom(
        t.app,
        { url: '/api/auth/login', body: { email: `spread.${i}@example.com`, password: WRONG_PASSWORD } },
        address,
      ),
    );
    expect(codes).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('tries refused for their address do not count against the email they ask for', async () => {
    const { person } = await signUp(t.app);
    const address = freshAddress();
    const from = (email: string, password: string) =>
      injectFrom(t.app, { url: '/api/auth/login', body: { email, password } }, address);
    await statusesOf(10, (i) => from(`spent.${i}@example.com`, WRONG_PASSWORD));
    expect(await statusesOf(10, () => from(person.email, WRONG_PASSWORD))).toEqual(Array<number>(10).fill(429));
    // From other addresses she still has every try: nine wrong ones are 401 and the tenth try, the right one, signs in.
    expect(
      await statusesOf(FAILED_SIGN_INS.max - 1, () =>
        postFrom('/api/auth/login', { email: person.email, password: WRONG_PASSWORD }),
      ),
    ).toEqual(Array<number>(FAILED_SIGN_INS.max - 1).fill(401));
    expect((await postFrom('/api/auth/login', { email: person.email, password: STRONG_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it(`one address gets 429 from the human-check challenge after ${ALTCHA_CHALLENGES_PER_MINUTE} in a minute, and another address still gets one`, async () => {
    const address = freshAddress();
    const challenge = (from: string) => injectFrom(t.app, { method: 'GET', url: '/api/altcha/challenge' }, from);
    const codes = await statusesOf(ALTCHA_CHALLENGES_PER_MINUTE + 1, () => challenge(address));
    expect(codes).toEqual([...Array<number>(ALTCHA_CHALLENGES_PER_MINUTE).fill(200), 429]);
    expect((await challenge(freshAddress())).statusCode).toBe(200);
  });
});
