/**
 * Two-step sign-in on one's own account: offering a secret, turning it on with a code, new recovery codes,
 * turning it off, and using a code at sign-in. The crypto lives in services/two-factor.ts.
 */
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { AppError } from '#shared/errors.ts';
import { findUserByEmail, type UserRow } from '../db/queries/users.ts';
import { passkeys, recoveryCodes, sessions, users } from '../db/schema/index.ts';
import { audit } from '../services/audit.ts';
import { twoFactorRecoveredMail } from '../services/mail-templates.ts';
import {
  isTotpCode,
  newEnrolment,
  newRecoveryCodes,
  recoveryCodeHash,
  sealTotpSecret,
  totpStep,
  type Enrolment,
} from '../services/two-factor.ts';
import type { CommandContext } from './run.ts';

/** Offers a fresh secret, kept sealed as pending until a code confirms it (enableTwoFactor). */
export async function beginTwoFactor(
  { tx }: CommandContext,
  sessionSecret: string,
  user: UserRow,
  issuer: string,
): Promise<Enrolment> {
  const enrolment = await newEnrolment(issuer, user.email);
  await tx
    .update(users)
    .set({ totpPendingSecret: sealTotpSecret(enrolment.secret, sessionSecret) })
    .where(eq(users.id, user.id));
  return enrolment;
}

/**
 * Turns the second factor on if the code matches the offered secret: this session counts as verified, the
 * person's other sessions end (they sign in again with a code), and the new recovery codes are returned, to be
 * shown once. Null, and nothing written, when the code is wrong.
 */
export async function enableTwoFactor(
  { tx, actor, now }: CommandContext,
  sessionSecret: string,
  user: UserRow,
  code: string,
  sessionId: string,
): Promise<string[] | null> {
  if (!user.totpPendingSecret) return null;
  const step = await totpStep(user.totpPendingSecret, sessionSecret, code, null, now);
  if (step === null) return null;
  await tx
    .update(users)
    .set({
      totpSecret: user.totpPendingSecret,
      totpPendingSecret: null,
      totpEnabledAt: now,
      totpLastStep: step,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  const codes = await storeRecoveryCodes(tx, sessionSecret, user.id);
  await tx.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, sessionId));
  await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, sessionId)));
  await audit(tx, actor, { action: 'user.two_factor_on', targetType: 'user', targetId: user.id });
  return codes;
}

/** New recovery codes for a user, replacing every earlier one; returned to be shown once. */
export async function replaceRecoveryCodes(
  { tx, actor }: CommandContext,
  sessionSecret: string,
  userId: string,
): Promise<string[]> {
  const codes = await storeRecoveryCodes(tx, sessionSecret, userId);
  await audit(tx, actor, { action: 'user.recovery_codes_replaced', targetType: 'user', targetId: userId });
  return codes;
}

async function storeRecoveryCodes(tx: Tx, sessionSecret: string, userId: string): Promise<string[]> {
  const { codes, hashes } = newRecoveryCodes(sessionSecret);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  return codes;
}

/** Turns the second factor off: secrets and recovery codes go, and no session counts as verified any more. */
export async function disableTwoFactor({ tx, actor, now }: CommandContext, userId: string): Promise<void> {
  await clearSecondFactor(tx, userId, now);
  await tx.update(sessions).set({ secondFactorAt: null }).where(eq(sessions.userId, userId));
  await audit(tx, actor, { action: 'user.two_factor_off', targetType: 'user', targetId: userId });
}

async function clearSecondFactor(tx: Tx, userId: string, now: Date) {
  await tx
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
    .where(eq(users.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/**
 * `npm run admin:recover`: an admin who lost her authenticator and her recovery codes. Her second factor is
 * turned off, her passkeys are removed (a lost phone may hold one) and every session of hers ends, so whoever
 * holds one is out; she is told by mail, and the admin
 * pages make her enrol again at her next sign-in (as for any admin without it). An admin who had removed her
 * password (passkeys only) is left with no way in but a reset link: `passwordless` says so, and the script mails
 * her one.
 */
export async function recoverAdminSignIn({ tx, actor, now, afterCommit }: CommandContext, email: string) {
  const user = await findUserByEmail(tx, email);
  if (!user) throw new AppError('NOT_FOUND', `No account with the email ${email}`);
  if (user.role !== 'admin')
    throw new AppError('VALIDATION', `${email} is not an admin: members turn two-step sign-in off on /profile`);
  await clearSecondFactor(tx, user.id, now);
  const removed = await tx.delete(passkeys).where(eq(passkeys.userId, user.id)).returning({ id: passkeys.id });
  const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
  await audit(tx, actor, { action: 'user.two_factor_recovered', targetType: 'user', targetId: user.id });
  const passwordless = user.passwordHash === null;
  afterCommit.mail({ kind: 'two-factor-recovered' }, (product) => twoFactorRecoveredMail(product, user, passwordless));
  return { user, sessionsEnded: ended.length, passkeysRemoved: removed.length, passwordless };
}

/**
 * Checks a code from an authenticator app (6 digits) or a recovery code, and uses it up: an accepted TOTP
 * step cannot be accepted again, a recovery code works once. Both updates are conditional, so two
 * requests racing with the same code cannot both pass.
 */
export async function useSecondFactor(
  { tx, now }: CommandContext,
  sessionSecret: string,
  user: UserRow,
  code: string,
): Promise<boolean> {
  if (!user.totpSecret) return false;
  if (isTotpCode(code)) {
    const step = await totpStep(user.totpSecret, sessionSecret, code.trim(), user.totpLastStep, now);
    if (step === null) return false;
    const claimed = await tx
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return claimed.length === 1;
  }
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.codeHash, recoveryCodeHash(code, sessionSecret)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}
