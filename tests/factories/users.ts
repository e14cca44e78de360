/** Accounts nobody can make through the site: admins are inserted directly, as a super admin's invite would. */
import type { AdminLevel } from '../../src/shared/auth/roles.ts';
import type { Db } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/services/passwords.ts';
import type { FastifyInstance } from 'fastify';
import { sessionCookie, STRONG_PASSWORD } from '../setup/accounts.ts';
import { postJson } from '../setup/test-app.ts';

let passwordHash: Promise<string> | undefined;

/** An admin of the given level whose password is STRONG_PASSWORD. */
export async function buildAdmin(db: Db, level: AdminLevel, overrides: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hashPassword(STRONG_PASSWORD);
  const email = overrides.email ?? `${level}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`;
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
      ...overrides,
    })
    .returning();
  return { ...row!, password: STRONG_PASSWORD };
}

/** An admin of this level, signed in through the API: the cookie to send and the row. */
export async function signInAdmin(app: FastifyInstance, db: Db, level: AdminLevel, overrides: Partial<typeof users.$inferInsert> = {}) {
  const admin = await buildAdmin(db, level, overrides);
  const cookie = sessionCookie(await postJson(app, '/api/auth/login', { email: admin.email, password: admin.password }));
  return { admin, cookie };
}
