/** Signing up, in and out, the mailed links, the role, and the human check's challenge. */
import type { z } from 'zod';
import type { Challenge } from 'altcha-lib';
import * as auth from '#shared/contract/auth.ts';
import type {
  LoginSchema,
  RegisterSchema,
  RequestPasswordResetSchema,
  ResetPasswordSchema,
  SetRoleSchema,
  VerifyEmailSchema,
} from '#shared/schemas/auth.ts';
import { apiGet, call, keyOf } from '#client/lib/api.ts';

export const CURRENT_USER_KEY = keyOf(auth.user);
/** The signed-in user (a 401 when signed out). */
export const getCurrentUser = () => call(auth.user);

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

/** GET /api/altcha/challenge: a proof-of-work challenge for the human check. */
export const getHumanCheckChallenge = () => apiGet<Challenge>('/api/altcha/challenge');
