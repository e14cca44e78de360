/** Registering with an address that has an account: answered only after the human check, and the owner is told. */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { postJson, setupTestApp } from '../../../../tests/setup/test-app.ts';
import { newPerson, signUp, solveAltcha } from '../../../../tests/setup/accounts.ts';
import { outbox, rateLimits } from '../../db/schema/index.ts';

const t = setupTestApp();
const NOTICE_SUBJECT = /^Someone tried to register with your address/;

const noticesTo = async (email: string) =>
  (await t.database.db.select().from(outbox).where(eq(outbox.to, email))).filter((m) => NOTICE_SUBJECT.test(m.subject));

beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

describe('registering with an address that already has an account', () => {
  it('without a valid human check gets the same answer as a new address, and mails nobody', async () => {
    const { person: owner } = await signUp(t.app);
    const fresh = newPerson();
    const challenge = await solveAltcha(t.app);
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(challenge, 'base64').toString()),
        solution: { counter: 1, derivedKey: '00' },
      }),
    ).toString('base64');
    for (const altcha of [null, '', 'not-base64-json', forged]) {
      const taken = await postJson(t.app, '/api/auth/register', { ...newPerson({ email: owner.email }), altcha });
      const free = await postJson(t.app, '/api/auth/register', { ...fresh, altcha });
      expect(taken.statusCode).toBe(400);
      expect([taken.statusCode, taken.json()]).toEqual([free.statusCode, free.json()]);
      expect(Object.keys(taken.json().fieldErrors)).toEqual(['altcha']);
    }
    expect(await noticesTo(owner.email)).toHaveLength(0);
  });

  it('after the human check answers 409 and mails the owner, at most once an hour however often it is tried', async () => {
    const { person: owner } = await signUp(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await postJson(t.app, '/api/auth/register', {
        ...newPerson({ email: owner.email.toUpperCase() }),
        altcha: await solveAltcha(t.app),
      });
      expect(res.statusCode).toBe(409);
      expect(Object.keys(res.json().fieldErrors)).toEqual(['email']);
    }
    const notices = await noticesTo(owner.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('http://localhost:3000/forgot-password');
    expect(notices[0]!.text).toContain('nothing was created');
  });
});
