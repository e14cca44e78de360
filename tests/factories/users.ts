/** Accounts nobody can make through the site: admins are inserted directly, as a super admin's invite would. */
import { beforeAll } from 'vitest';
import { generateSecret } from 'otplib';
import type { FastifyInstance } from 'fastify';
import type { AdminLevel } from '../../src/shared/auth/roles.ts';
import type { Db } from '../../src/server/db/client.ts';
import { loadConfig } from '../../src/server/config.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/services/passwords.ts';
import { sealTotpSecret } from '../../src/server/services/two-factor.ts';
import { sessionCookie, STRONG_PASSWORD, totpCode } from '../setup/accounts.ts';
import { postJson, type TestApp } from '../setup/test-app.ts';

let passwordHash: Promise<string> | undefined;
/** The secret the test apps run with (none is configured in tests). */
const SESSION_SECRET = loadConfig({ NODE_ENV: 'test' }).sessionSecret;

/**
 * An admin of the given level whose password is STRONG_PASSWORD and whose two-step sign-in is on
 * (admins need it), with the authenticator secret to make codes from. `totpEnabledAt: null` makes one without.
 * `sessionSecret` is the one of the app she will sign in to (it seals the authenticator secret).
 */
export async function buildAdmin(
  db: Db,
  level: AdminLevel,
  overrides: Partial<typeof users.$inferInsert> = {},
  sessionSecret = SESSION_SECRET,
) {
  passwordHash ??= hashPassword(STRONG_PASSWORD);
  const email = overrides.email ?? `${level}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`;
  const totpSecret = generateSecret();
  const enrolled = overrides.totpEnabledAt !== null;
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await passwordHash,
      firstName: 'Admin',
      lastName: level,
      role: 'admin',
      adminLevel: level,
      emailVerifiedAt: new Date(),
      onboardingCompletedAt: new Date(),
      ...(enrolled ? { totpSecret: sealTotpSecret(totpSecret, sessionSecret), totpEnabledAt: new Date() } : {}),
      ...overrides,
    })
    .returning();
  return { ...row!, password: STRONG_PASSWORD, totpSecret, totpCode: (at?: Date) => totpCode(totpSecret, at) };
}

/** A member (a patient unless overridden) inserted directly, for lists that need many accounts; no session. */
export async function buildUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hashPassword(STRONG_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({
      email: `member.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`,
      passwordHash: await passwordHash,
      firstName: 'Member',
      lastName: 'Built',
      role: 'patient',
      ...overrides,
    })
    .returning();
  return row!;
}

/** What an admin's sign-in form sends: email, password and (when enrolled) the current code. */
export function adminLogin(admin: Awaited<ReturnType<typeof buildAdmin>>, at?: Date) {
  return { email: admin.email, password: admin.password, ...(admin.totpEnabledAt ? { code: admin.totpCode(at) } : {}) };
}

/** An admin of this level, signed in through the API: the cookie to send and the row. */
export async function signInAdmin(
  app: FastifyInstance,
  db: Db,
  level: AdminLevel,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  const admin = await buildAdmin(db, level, overrides);
  const cookie = sessionCookie(await postJson(app, '/api/auth/login', adminLogin(admin, app.clock.now())));
  return { admin, cookie };
}

/** An admin of `level` signed in once before the file's tests: her id and cookie, filled in by then. */
export function signedInAdminForSuite(t: TestApp, level: AdminLevel) {
  const signedIn = { id: '', cookie: '' };
  beforeAll(async () => {
    const { admin, cookie } = await signInAdmin(t.app, t.database.db, level);
    Object.assign(signedIn, { id: admin.id, cookie });
  });
  return signedIn;
}
