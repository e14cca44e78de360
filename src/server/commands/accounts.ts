/** Account writes: registration, mailed tokens, password changes. Each multi-row change is one transaction. */
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { INVALID_RESET_LINK } from '#shared/schemas/auth.ts';
import type { Role } from '#shared/auth/roles.ts';
import type { Db } from '../db/client.ts';
import { adminInvites, sessions, userTokens, users } from '../db/schema/index.ts';
import { hashPassword, passwordPolicyProblem } from '../services/passwords.ts';
import { hashToken, randomToken } from '../services/tokens.ts';
import type { UserRow } from '../services/sessions.ts';

/** An arbitrary constant naming the advisory lock below. */
const LAST_SUPER_ADMIN_LOCK = 7_412_001;
const isActiveSuperAdmin = (u: Pick<UserRow, 'role' | 'adminLevel' | 'status'>) =>
  u.role === 'admin' && u.adminLevel === 'super_admin' && u.status === 'active';

/**
 * Refuses a change that would leave the site without an active super admin (nobody could then manage
 * admins). Call inside the transaction that makes the change; `after` null means the account goes.
 */
export async function assertNotLastSuperAdmin(
  db: Db,
  before: UserRow,
  after: Pick<UserRow, 'role' | 'adminLevel' | 'status'> | null,
  message: string,
) {
  if (!isActiveSuperAdmin(before) || (after && isActiveSuperAdmin(after))) return;
  // One such change at a time: two super admins demoting each other at once must not both pass the count.
  await db.execute(sql`select pg_advisory_xact_lock(${LAST_SUPER_ADMIN_LOCK})`);
  const [others] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        eq(users.adminLevel, 'super_admin'),
        eq(users.status, 'active'),
        ne(users.id, before.id),
      ),
    );
  if ((others?.n ?? 0) === 0) throw new AppError('CONFLICT', message);
}

export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;

export interface RegisterCommand {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: Role;
  inviteToken?: string | undefined;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user;
}

/** Creates the account; `admin` only with a live invite, whose level the new admin receives. */
export async function registerUser(db: Db, secret: string, input: RegisterCommand, now: Date): Promise<UserRow> {
  const problem = passwordPolicyProblem(input.password, input);
  if (problem) throw new AppError('VALIDATION', problem, 'password');
  if (input.role === 'admin' && !input.inviteToken) {
    throw new AppError('FORBIDDEN', 'Administrator accounts need an invitation from a super admin');
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await findUserByEmail(tx as unknown as Db, input.email)) {
      throw new AppError('CONFLICT', 'An account with this email already exists. Try signing in instead.', 'email');
    }
    let adminLevel = null;
    let inviteId: string | null = null;
    if (input.role === 'admin') {
      const [invite] = await tx
        .select()
        .from(adminInvites)
        .where(
          and(
            eq(adminInvites.tokenHash, hashToken(input.inviteToken!, secret)),
            isNull(adminInvites.usedAt),
            gt(adminInvites.expiresAt, now),
          ),
        )
        .limit(1);
      if (!invite) throw new AppError('FORBIDDEN', 'This invitation is invalid, used or expired');
      if (invite.email && invite.email.toLowerCase() !== input.email.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'This invitation was issued for a different email address');
      }
      adminLevel = invite.adminLevel;
      inviteId = invite.id;
    }
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        adminLevel,
      })
      .returning();
    if (inviteId)
      await tx.update(adminInvites).set({ usedAt: now, usedBy: user!.id }).where(eq(adminInvites.id, inviteId));
    return user!;
  });
}

/** A fresh single-use token for a mailed link; earlier unused ones of the same purpose stop working. */
export async function issueUserToken(
  db: Db,
  secret: string,
  userId: string,
  purpose: 'verify_email' | 'reset_password',
  now: Date,
) {
  const token = randomToken();
  const ttl = purpose === 'verify_email' ? VERIFY_EMAIL_TTL_MS : RESET_PASSWORD_TTL_MS;
  await db.transaction(async (tx) => {
    await tx
      .delete(userTokens)
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
    await tx
      .insert(userTokens)
      .values({ tokenHash: hashToken(token, secret), userId, purpose, expiresAt: new Date(now.getTime() + ttl) });
  });
  return token;
}

/** Marks a live token used and returns its user id, or null when it is unknown, used or expired. */
export async function consumeUserToken(
  db: Db,
  secret: string,
  token: string,
  purpose: 'verify_email' | 'reset_password',
  now: Date,
) {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token, secret)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}

/**
 * Resets a password with a mailed token: the token is spent only when the new password is accepted,
 * and every session of the user ends. Returns the user, or throws INVALID_RESET_LINK.
 */
export async function resetPasswordWithToken(
  db: Db,
  secret: string,
  token: string,
  newPassword: string,
  now: Date,
): Promise<UserRow> {
  const live = and(
    eq(userTokens.tokenHash, hashToken(token, secret)),
    eq(userTokens.purpose, 'reset_password'),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, now),
  );
  const [found] = await db
    .select({ user: users })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(live)
    .limit(1);
  if (!found || found.user.status !== 'active') throw new AppError('VALIDATION', INVALID_RESET_LINK, 'token');
  const problem = passwordPolicyProblem(newPassword, found.user);
  if (problem) throw new AppError('VALIDATION', problem, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    // Spending the token is the guard against two resets racing with one link.
    const spent = await tx.update(userTokens).set({ usedAt: now }).where(live).returning({ id: userTokens.id });
    if (spent.length === 0) throw new AppError('VALIDATION', INVALID_RESET_LINK, 'token');
    await replacePasswordHash(tx as unknown as Db, found.user.id, passwordHash, now);
  });
  return found.user;
}

/** Sets a new password and ends every session of the user (except `keepSessionId`). */
export async function setPassword(db: Db, user: UserRow, newPassword: string, now: Date, keepSessionId?: string) {
  const problem = passwordPolicyProblem(newPassword, user);
  if (problem) throw new AppError('VALIDATION', problem, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) =>
    replacePasswordHash(tx as unknown as Db, user.id, passwordHash, now, keepSessionId),
  );
}

/**
 * The one place a password changes: with it, every unused reset link of the account stops working and
 * every other session ends (all of them unless `keepSessionId`). Call inside a transaction.
 */
async function replacePasswordHash(tx: Db, userId: string, passwordHash: string, now: Date, keepSessionId?: string) {
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'reset_password'), isNull(userTokens.usedAt)));
  const others = keepSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
    : eq(sessions.userId, userId);
  await tx.delete(sessions).where(others);
}

/** Stores a stronger hash of the same password (after sign-in); not a change, so sessions and links stay. */
export async function rehashPassword(db: Db, userId: string, password: string) {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
}

export const ADMIN_INVITE_TTL_MS = 24 * 60 * 60 * 1000;

/** A one-time link to register as an admin of the given level. */
export async function createAdminInvite(
  db: Db,
  secret: string,
  publicUrl: string,
  options: {
    adminLevel: 'moderator' | 'manager' | 'super_admin';
    createdBy: string | null;
    email?: string | null;
    now: Date;
  },
) {
  const token = randomToken();
  const expiresAt = new Date(options.now.getTime() + ADMIN_INVITE_TTL_MS);
  await db.insert(adminInvites).values({
    tokenHash: hashToken(token, secret),
    adminLevel: options.adminLevel,
    email: options.email ?? null,
    createdBy: options.createdBy,
    expiresAt,
  });
  return { link: `${publicUrl}/register?invite=${token}`, expiresAt };
}

/**
 * While no super_admin exists, a fresh one-time setup link (24 h) replaces any earlier unused one.
 * Returns null once a super_admin exists: there is never a default password.
 */
export async function ensureSetupLink(db: Db, secret: string, publicUrl: string, now: Date, email?: string | null) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.adminLevel, 'super_admin')))
    .limit(1);
  if (existing) return null;
  await db.delete(adminInvites).where(and(isNull(adminInvites.createdBy), isNull(adminInvites.usedAt)));
  return createAdminInvite(db, secret, publicUrl, {
    adminLevel: 'super_admin',
    createdBy: null,
    email: email ?? null,
    now,
  });
}
