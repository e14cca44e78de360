/** Test helpers for accounts: solving ALTCHA as a browser would, signing up, reading mailed links. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { encodeAltchaPayload } from '../../src/server/services/altcha.ts';
import { requestPasswordReset } from '../../src/server/commands/accounts.ts';
import { run, SYSTEM_ACTOR } from '../../src/server/commands/run.ts';
import type { Db } from '../../src/server/db/client.ts';
import { outbox, users } from '../../src/server/db/schema/index.ts';
import { generateSync } from 'otplib';
import { expect } from 'vitest';
import { freshAddress, injectFrom, postJson } from './test-app.ts';

/** Fetches a challenge and solves it, returning the payload the browser would send. */
export async function solveAltcha(app: FastifyInstance): Promise<string> {
  // From a new address each time: suites solve more challenges than one address may fetch a minute.
  const challenge = (
    await app.inject({ url: '/api/altcha/challenge', remoteAddress: freshAddress() })
  ).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return encodeAltchaPayload(challenge, solution);
}

export const STRONG_PASSWORD = 'Lilac-Harbour-42';

let counter = 0;
export function newPerson(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    firstName: 'Rosa',
    lastName: 'Tester',
    email: `rosa.${counter}.${Date.now()}@example.com`,
    password: STRONG_PASSWORD,
    role: 'patient',
    ...overrides,
  };
}

/** The `name=value` of the session cookie a response set, for sending back. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'session' || c.name === '__Host-session');
  if (!cookie) throw new Error(`no session cookie in the response (${res.statusCode}: ${res.body})`);
  return `${cookie.name}=${cookie.value}`;
}

/**
 * Registers a new account and returns its cookie and body; from 127.0.0.1 (which the registration limit counts)
 * unless `remoteAddress` names another.
 */
export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}, remoteAddress?: string) {
  const person = newPerson(overrides);
  const body = { ...person, altcha: await solveAltcha(app) };
  const res = remoteAddress
    ? await injectFrom(app, { url: '/api/auth/register', body }, remoteAddress)
    : await postJson(app, '/api/auth/register', body);
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { person, cookie: sessionCookie(res), user: res.json() as { id: string; email: string; role: string } };
}

/**
 * A member as she is once settled in: signed up, her email confirmed and her onboarding finished (set in the
 * database, as the mailed link and the onboarding form would). Routes that need a settled member refuse others.
 */
export async function signUpSettled(app: FastifyInstance, db: Db, overrides: Record<string, unknown> = {}) {
  // From an address of her own: suites settle more members than one address may register in an hour.
  const member = await signUp(app, overrides, freshAddress());
  await db
    .update(users)
    .set({ emailVerifiedAt: new Date(), onboardingCompletedAt: new Date() })
    .where(eq(users.id, member.user.id));
  return member;
}

/** The links in the newest mail to an address (from the outbox). */
export async function mailedLinks(db: Db, to: string): Promise<string[]> {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt));
  const mail = rows.find((r) => r.to === to);
  return mail?.text.match(/https?:\/\/\S+/g) ?? [];
}

/**
 * The token of a password reset link for this address, made and mailed as POST /api/auth/request-password-reset
 * does (at the app's clock), but awaited: that route answers first and mails afterwards.
 */
export async function resetTokenFor(app: FastifyInstance, db: Db, email: string): Promise<string> {
  const links = { secret: app.config.sessionSecret, publicUrl: app.config.publicUrl };
  await run(app.commandEnv(), SYSTEM_ACTOR, requestPasswordReset, links, email);
  const link = (await mailedLinks(db, email)).find((l) => l.includes('/reset-password?token='));
  if (!link) throw new Error(`no password reset link was mailed to ${email}`);
  return new URL(link).searchParams.get('token')!;
}

/** GET with a cookie. */
export function getWith(app: FastifyInstance, url: string, cookie: string) {
  return app.inject({ method: 'GET', url, headers: { cookie } });
}

/** Turns on two-step sign-in for the signed-in account as the profile page does; this session counts as verified. */
export async function enrolTwoFactor(app: FastifyInstance, cookie: string, now: Date = new Date()) {
  const setup = await postJson(app, '/api/user/two-factor/setup', {}, { cookie });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await postJson(app, '/api/user/two-factor/enable', { code: totpCode(secret, now) }, { cookie });
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** The code an authenticator app would show now (or at `at`) for this secret. */
export function totpCode(secret: string, at: Date = new Date()): string {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
}
