/**
 * The second factor: an authenticator app's time-based codes (TOTP, RFC 6238) and one-time recovery codes.
 * The TOTP secret is stored encrypted (AES-256-GCM under a key derived from the session secret), recovery
 * codes only as keyed hashes; a code is accepted once per time step, so an overheard code cannot be replayed.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, or, lt, count } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '#shared/schemas/two-factor.ts';
import type { Db } from '../db/client.ts';
import { recoveryCodes, users } from '../db/schema/index.ts';
import type { UserRow } from './sessions.ts';
import { hashToken } from './tokens.ts';

/** One step either side of now, for clocks a little apart (RFC 6238 section 5.2). */
const TOLERANCE_SECONDS = 30;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function encryptionKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('healing-circle/totp-secret').digest();
}

/** The stored form of a TOTP secret (exported for test factories that make enrolled admins). */
export function seal(plain: string, sessionSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(sessionSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

function open(sealed: string, sessionSecret: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey(sessionSecret), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}

/** Recovery codes are typed by people: lower case, no look-alike letters, a dash in the middle. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

function normaliseRecoveryCode(code: string): string {
  return code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The time step a code is valid for, or null: checked against the secret, the clock and the last step used. */
async function acceptedStep(secret: string, code: string, lastStep: number | null, now: Date): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export interface Enrolment {
  secret: string;
  otpauthUri: string;
  /** The URI as a QR code, an SVG data URL to show in an <img>. */
  qrCode: string;
}

/** Offers a fresh secret; it only takes effect once confirmed with a code (confirmEnrolment). */
export async function beginEnrolment(db: Db, sessionSecret: string, user: UserRow, issuer: string): Promise<Enrolment> {
  const secret = generateSecret();
  await db
    .update(users)
    .set({ totpPendingSecret: seal(secret, sessionSecret) })
    .where(eq(users.id, user.id));
  const otpauthUri = generateURI({ issuer, label: user.email, secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Turns the second factor on if the code matches the offered secret; the new recovery codes, shown once. */
export async function confirmEnrolment(
  db: Db,
  sessionSecret: string,
  user: UserRow,
  code: string,
  now: Date,
): Promise<string[] | null> {
  if (!user.totpPendingSecret) return null;
  const step = await acceptedStep(open(user.totpPendingSecret, sessionSecret), code, null, now);
  if (step === null) return null;
  return db.transaction(async (tx) => {
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
    return replaceRecoveryCodes(tx as unknown as Db, sessionSecret, user.id);
  });
}

/** New recovery codes for a user, replacing every earlier one. */
export async function replaceRecoveryCodes(db: Db, sessionSecret: string, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashToken(normaliseRecoveryCode(code), sessionSecret) })));
  return codes;
}

export async function disableTwoFactor(db: Db, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}

/**
 * Checks a code from an authenticator app (6 digits) or a recovery code, and uses it up: an accepted TOTP
 * step cannot be accepted again, a recovery code works once. Both updates are conditional, so two
 * requests racing with the same code cannot both pass.
 */
export async function useSecondFactor(
  db: Db,
  sessionSecret: string,
  user: UserRow,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!user.totpSecret) return false;
  if (/^\d{6}$/.test(code.trim())) {
    const step = await acceptedStep(open(user.totpSecret, sessionSecret), code.trim(), user.totpLastStep, now);
    if (step === null) return false;
    const claimed = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return claimed.length === 1;
  }
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.codeHash, hashToken(normaliseRecoveryCode(code), sessionSecret)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
