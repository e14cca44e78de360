/** Two-step sign-in: enrolment, the code at sign-in, and turning it off. */
import { z } from 'zod';

export const RECOVERY_CODE_COUNT = 10;

export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app, or a recovery code';
export const CODE_INVALID =
  'That code is not right. Enter the current code from your authenticator app, or an unused recovery code.';
export const SIX_DIGITS = 'Enter the 6-digit code from your authenticator app';

/** A code at sign-in: 6 digits from the app, or a recovery code (letters, digits and a dash). */
export const SecondFactorCodeSchema = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, CODE_REQUIRED)
  .max(20, CODE_INVALID);

export const EnableTwoFactorSchema = z.strictObject({
  code: z
    .string({ error: SIX_DIGITS })
    .trim()
    .regex(/^\d{6}$/, SIX_DIGITS),
});

export const ConfirmPasswordSchema = z.strictObject({
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(1024, 'Enter your password'),
});

/** GET /api/user/two-factor */
export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/** POST /api/user/two-factor/setup */
export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}

/** POST /api/user/two-factor/enable and /recovery-codes: the new one-time codes, shown once. */
export interface RecoveryCodesAnswer {
  recoveryCodes: string[];
}
