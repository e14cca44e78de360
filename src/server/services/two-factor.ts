/**
 * The second factor: an authenticator app's time-based codes (TOTP, RFC 6238) and one-time recovery codes.
 * The TOTP secret is stored encrypted (AES-256-GCM under a key derived from the session secret), recovery
 * codes only as keyed hashes; a code is accepted once per time step, so an overheard code cannot be replayed.
 * The writes (enrolment, codes, turning it off, using a code) are commands in commands/two-factor.ts.
 */
import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '#shared/schemas/two-factor.ts';
import { seal, unseal } from './sealed.ts';
import { hashToken } from './tokens.ts';

/** One step either side of now, for clocks a little apart (RFC 6238 section 5.2). */
const TOLERANCE_SECONDS = 30;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const TOTP_SECRET = 'healing-circle/totp-secret';

/** The stored form of a TOTP secret (exported for test factories that make enrolled admins). */
export const sealTotpSecret = (plain: string, sessionSecret: string) => seal(plain, sessionSecret, TOTP_SECRET);

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

/** A fresh secret to offer, with its otpauth URI and QR code; it takes effect only once confirmed with a code. */
export async function newEnrolment(issuer: string, label: string): Promise<Enrolment> {
  const secret = generateSecret();
  const otpauthUri = generateURI({ issuer, label, secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step an authenticator code is accepted for under this sealed secret, or null: checked against the
 * clock and after the last step used (`lastStep`), so an accepted code cannot be replayed.
 */
export function totpStep(
  sealedSecret: string,
  sessionSecret: string,
  code: string,
  lastStep: number | null,
  now: Date,
): Promise<number | null> {
  return acceptedStep(unseal(sealedSecret, sessionSecret, TOTP_SECRET), code, lastStep, now);
}

/** Whether a code has the shape of an authenticator code (6 digits) rather than a recovery code. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}

/** A full set of new recovery codes, shown once, and the keyed hashes that are stored. */
export function newRecoveryCodes(sessionSecret: string): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map((code) => recoveryCodeHash(code, sessionSecret)) };
}

/** The stored form of a recovery code, however it was typed (case, spaces, dash). */
export function recoveryCodeHash(code: string, sessionSecret: string): string {
  return hashToken(normaliseRecoveryCode(code), sessionSecret);
}
