/**
 * Account writes: registration, mailed links (email verification, password reset), password changes and one's own
 * role (admin invites and the setup link: admin-invites.ts). Mail goes on the after-commit queue, so a write
 * that rolls back mails nothing. New passwords arrive screened and hashed (services/passwords.ts prepareNewPassword).
 */
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { INVALID_RESET_LINK, INVALID_VERIFICATION_LINK } from '#shared/schemas/auth.ts';
import { PASSWORD_NEEDS_PASSKEY } from '#shared/schemas/passkeys.ts';
import type { AdminLevel, Role } from '#shared/auth/roles.ts';
import type { Tx } from '../db/client.ts';
import { passkeyCount } from '../db/queries/passkeys.ts';
import { findUserByEmail, type UserRow } from '../db/queries/users.ts';
import { adminInvites, sessions, userTokens, users } from '../db/schema/index.ts';
import { passwordChangedMail, resetPasswordMail, verifyEmailMail, type WriteTo } from '../services/mail-templates.ts';
import type { NewPassword } from '../services/passwords.ts';
import { hashToken, randomToken } from '../services/tokens.ts';
import { audit } from '../services/audit.ts';
import type { CommandContext } from './run.ts';

/** What mailed links and invites need: the secret their tokens are hashed with, and the site's address. */
export interface LinkSettings {
  secret: string;
  publicUrl: string;
}

export const linkSettings = (config: { sessionSecret: string; publicUrl: string }): LinkSettings => ({
  secret: config.sessionSecret,
  publicUrl: config.publicUrl,
});

/** An arbitrary constant naming the advisory lock below. */
const LAST_SUPER_ADMIN_LOCK = 7_412_001;
const isActiveSuperAdmin = (u: Pick<UserRow, 'role' | 'adminLevel' | 'status'>) =>
  u.role === 'admin' && u.adminLevel === 'super_admin' && u.status === 'active';

/**
 * Refuses a change that would leave the site without an active super admin (nobody could then manage
 * admins). Call inside the transaction that makes the change; `after` null means the account goes.
 */
export async function assertNotLastSuperAdmin(
  tx: Tx,
  before: UserRow,
  after: Pick<UserRow, 'role' | 'adminLevel' | 'status'> | null,
  message: string,
) {
  if (!isActiveSuperAdmin(before) || (after && isActiveSuperAdmin(after))) return;
  // One such change at a time: two super admins demoting each other at once must not both pass the count.
  await tx.execute(sql`select pg_advisory_xact_lock(${LAST_SUPER_ADMIN_LOCK})`);
  const [others] = await tx
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

type TokenPurpose = 'verify_email' | 'reset_password';

export interface RegisterCommand {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  inviteToken?: string | undefined;
}

/**
 * Creates the account and mails its verification link; `admin` only with a live invite, whose level the new
 * admin receives.
 */
export async function registerUser(
  { tx, now, afterCommit }: CommandContext,
  links: LinkSettings,
  input: RegisterCommand,
  password: NewPassword,
): Promise<UserRow> {
  if (input.role === 'admin' && !input.inviteToken) {
    throw new AppError('FORBIDDEN', 'Administrator accounts need an invitation from a super admin');
  }
  if (await findUserByEmail(tx, input.email)) {
    throw new AppError('CONFLICT', 'An account with this email already exists. Try signing in instead.', 'email');
  }
  let adminLevel: AdminLevel | null = null;
  let inviteId: string | null = null;
  if (input.role === 'admin') {
    const [invite] = await tx
      .select()
      .from(adminInvites)
      .where(
        and(
          eq(adminInvites.tokenHash, hashToken(input.inviteToken!, links.secret)),
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
      passwordHash: password.hash,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      adminLevel,
    })
    .returning();
  if (inviteId)
    await tx.update(adminInvites).set({ usedAt: now, usedBy: user!.id }).where(eq(adminInvites.id, inviteId));
  await mailVerificationLink({ tx, now, afterCommit }, links, user!);
  return user!;
}

/** A fresh single-use token for a mailed link; earlier unused ones of the same purpose stop working. */
async function issueUserToken(tx: Tx, secret: string, userId: string, purpose: TokenPurpose, now: Date) {
  const token = randomToken();
  const ttl = purpose === 'verify_email' ? VERIFY_EMAIL_TTL_MS : RESET_PASSWORD_TTL_MS;
  await tx
    .delete(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  await tx
    .insert(userTokens)
    .values({ tokenHash: hashToken(token, secret), userId, purpose, expiresAt: new Date(now.getTime() + ttl) });
  return token;
}

/** A new email verification link for this account, mailed after the commit. */
export async function mailVerificationLink(
  { tx, now, afterCommit }: Pick<CommandContext, 'tx' | 'now' | 'afterCommit'>,
  links: LinkSettings,
  user: UserRow,
): Promise<void> {
  const token = await issueUserToken(tx, links.secret, user.id, 'verify_email', now);
  afterCommit.mail({ kind: 'email-verification' }, (product) =>
    verifyEmailMail(product, user, `${links.publicUrl}/verify-email?token=${token}`),
  );
}

/**
 * Mails a password reset link to the active account with this address; an unknown or suspended address gets
 * nothing (and the caller's answer is the same either way).
 */
export async function requestPasswordReset(
  { tx, now, afterCommit }: CommandContext,
  links: LinkSettings,
  email: string,
) {
  const user = await findUserByEmail(tx, email);
  if (!user || user.status !== 'active') return;
  const token = await issueUserToken(tx, links.secret, user.id, 'reset_password', now);
  afterCommit.mail({ kind: 'password-reset' }, (product) =>
    resetPasswordMail(product, user, `${links.publicUrl}/reset-password?token=${token}`),
  );
}

/** Confirms the address a live verification token was mailed to, spending the token; INVALID otherwise. */
export async function verifyEmail({ tx, now }: CommandContext, secret: string, token: string): Promise<void> {
  const [row] = await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token, secret)),
        eq(userTokens.purpose, 'verify_email'),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId });
  if (!row) throw new AppError('VALIDATION', INVALID_VERIFICATION_LINK, 'token');
  await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, row.userId));
}

/**
 * Resets a password with a mailed token (the account's, found by the caller with userByLiveToken): the
 * token is spent, every session of the user ends, and a notice is mailed. Throws INVALID_RESET_LINK when the
 * token was spent meanwhile (two resets racing with one link).
 */
export async function resetPassword(
  { tx, now, afterCommit }: CommandContext,
  secret: string,
  token: string,
  user: UserRow,
  password: NewPassword,
  writeTo: WriteTo,
): Promise<void> {
  const spent = await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token, secret)),
        eq(userTokens.userId, user.id),
        eq(userTokens.purpose, 'reset_password'),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ id: userTokens.id });
  if (spent.length === 0) throw new AppError('VALIDATION', INVALID_RESET_LINK, 'token');
  await replacePasswordHash(tx, user.id, password, now);
  afterCommit.mail({ kind: 'password-changed' }, (product) => passwordChangedMail(product, user, writeTo));
}

/**
 * Sets a new password for the signed-in user, ends her other sessions (all but `keepSessionId`), mails a notice.
 * A member who had none (she signs in with passkeys) sets one this way; that is audited.
 */
export async function changePassword(
  { tx, actor, now, afterCommit }: CommandContext,
  user: UserRow,
  password: NewPassword,
  keepSessionId: string,
  writeTo: WriteTo,
): Promise<void> {
  await replacePasswordHash(tx, user.id, password, now, keepSessionId);
  if (user.passwordHash === null) {
    await audit(tx, actor, { action: 'user.password_set', targetType: 'user', targetId: user.id });
    afterCommit.mail({ kind: 'password-changed' }, (product) => passwordChangedMail(product, user, writeTo, 'set'));
  } else {
    afterCommit.mail({ kind: 'password-changed' }, (product) => passwordChangedMail(product, user, writeTo));
  }
}

/**
 * Removes her password (decision 016): only while she has a passkey, since she would otherwise have no way to sign
 * in. Her row is locked first, so a passkey removed at the same moment (commands/passkeys.ts) waits and sees it.
 * Ends her other sessions and spends her reset links, as a password change does; audited, and she is mailed.
 */
export async function removePassword(
  { tx, actor, now, afterCommit }: CommandContext,
  user: UserRow,
  keepSessionId: string,
  writeTo: WriteTo,
): Promise<void> {
  const [locked] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
    .for('update');
  if (!locked?.passwordHash) throw new AppError('CONFLICT', 'You have no password to remove');
  if ((await passkeyCount(tx, user.id)) === 0) throw new AppError('CONFLICT', PASSWORD_NEEDS_PASSKEY);
  await replacePasswordHash(tx, user.id, null, now, keepSessionId);
  await audit(tx, actor, { action: 'user.password_removed', targetType: 'user', targetId: user.id });
  afterCommit.mail({ kind: 'password-changed' }, (product) => passwordChangedMail(product, user, writeTo, 'removed'));
}

/**
 * The one place a password changes (or goes: null): with it, every unused reset link of the account stops working
 * and every other session ends (all of them unless `keepSessionId`).
 */
async function replacePasswordHash(
  tx: Tx,
  userId: string,
  password: NewPassword | null,
  now: Date,
  keepSessionId?: string,
) {
  await tx
    .update(users)
    .set({ passwordHash: password?.hash ?? null, updatedAt: now })
    .where(eq(users.id, userId));
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
export async function rehashPassword({ tx }: CommandContext, userId: string, passwordHash: string) {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** The signed-in person chooses her role (administrators keep theirs: only a super admin changes it). */
export async function chooseRole({ tx, now }: CommandContext, user: UserRow, role: Role): Promise<UserRow> {
  if (user.role === 'admin')
    throw new AppError('FORBIDDEN', 'Administrators keep their role; ask a super admin to change it');
  const [updated] = await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, user.id)).returning();
  return updated!;
}
