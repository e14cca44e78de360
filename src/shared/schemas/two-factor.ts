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

/**
 * Her password again, for a sensitive change while signed in. Left out when she confirmed herself with a passkey
 * on this session just before (POST /api/user/reauth/passkey, decision 016): a member without a password has only
 * that; the server refuses a body with neither.
 */
export const ConfirmPasswordSchema = z.strictObject({
  password: z
    .string({ error: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(1024, 'Enter your password')
    .optional(),
});

/** GET /api/user/two-factor */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** POST /api/user/two-factor/setup */
export const TwoFactorSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string(), qrCode: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** POST /api/user/two-factor/enable and /recovery-codes: the new one-time codes, shown once. */
export const RecoveryCodesAnswerSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof RecoveryCodesAnswerSchema>;
