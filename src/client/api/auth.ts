/**
 * Signing up, in and out, the mailed links and the role. (Who is signed in: current-user.ts, apart so every page's
 * entry carries only that. The human check's challenge: lib/altcha.ts.)
 */
import type { z } from 'zod';
import type {
  LoginSchema,
  RegisterSchema,
  RequestPasswordResetSchema,
  ResetPasswordSchema,
  SetRoleSchema,
  VerifyEmailSchema,
} from '#shared/schemas/auth.ts';
import * as auth from '#shared/contract/auth.ts';
import { call } from '#client/lib/api.ts';

/** Creates the account and signs it in. */
export const register = (body: z.input<typeof RegisterSchema>) => call(auth.register, { body });

/** A refusal on `code` asks for the second factor. */
export const login = (body: z.input<typeof LoginSchema>) => call(auth.login, { body });

export const logout = () => call(auth.logout);

export const requestPasswordReset = (body: z.input<typeof RequestPasswordResetSchema>) =>
  call(auth.requestPasswordReset, { body });

/** Whether the mailed link still works (it is not used up by asking). */
export const checkResetLink = (token: string) => call(auth.resetLink, { query: { token } });

export const resetPassword = (body: z.input<typeof ResetPasswordSchema>) => call(auth.resetPassword, { body });

export const verifyEmail = (body: z.input<typeof VerifyEmailSchema>) => call(auth.verifyEmail, { body });

export const resendVerification = () => call(auth.resendVerification);

/** A signed-in person without a role chooses one. */
export const chooseRole = (body: z.input<typeof SetRoleSchema>) => call(auth.setRole, { body });
