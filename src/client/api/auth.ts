/** Signing up, in and out, the mailed links and the role. (The human check's challenge: lib/altcha.ts.) */
import type { z } from 'zod';
import type {
  CurrentUser,
  LoginSchema,
  MessageAnswer,
  RegisterSchema,
  RequestPasswordResetSchema,
  ResetLinkStatus,
  ResetPasswordSchema,
  SetRoleSchema,
  VerifyEmailSchema,
} from '#shared/schemas/auth.ts';
import { apiGet, apiRequest } from '#client/lib/api.ts';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;
/** GET /api/auth/user: the signed-in user (a 401 when signed out; some servers answer 200 null or 204). */
export const getCurrentUser = () => apiGet<CurrentUser | null | undefined>(CURRENT_USER_KEY[0]);

/** POST /api/auth/register: creates the account and signs it in. */
export const register = (input: z.input<typeof RegisterSchema>) =>
  apiRequest<CurrentUser>('POST', '/api/auth/register', input);

/** POST /api/auth/login: a VALIDATION error on `code` asks for the second factor. */
export const login = (input: z.input<typeof LoginSchema>) => apiRequest<CurrentUser>('POST', '/api/auth/login', input);

/** POST /api/auth/logout */
export const logout = () => apiRequest<unknown>('POST', '/api/auth/logout');

/** POST /api/auth/request-password-reset */
export const requestPasswordReset = (input: z.input<typeof RequestPasswordResetSchema>) =>
  apiRequest<MessageAnswer>('POST', '/api/auth/request-password-reset', input);

/** GET /api/auth/reset-password?token=: whether the mailed link still works (it is not used up by asking). */
export const checkResetLink = (token: string) =>
  apiGet<ResetLinkStatus>(`/api/auth/reset-password?token=${encodeURIComponent(token)}`);

/** POST /api/auth/reset-password */
export const resetPassword = (input: z.input<typeof ResetPasswordSchema>) =>
  apiRequest<MessageAnswer>('POST', '/api/auth/reset-password', input);

/** POST /api/auth/verify-email */
export const verifyEmail = (input: z.input<typeof VerifyEmailSchema>) =>
  apiRequest<MessageAnswer>('POST', '/api/auth/verify-email', input);

/** POST /api/auth/resend-verification */
export const resendVerification = () => apiRequest<MessageAnswer>('POST', '/api/auth/resend-verification');

/** POST /api/auth/set-role: a signed-in person without a role chooses one. */
export const chooseRole = (input: z.input<typeof SetRoleSchema>) =>
  apiRequest<CurrentUser>('POST', '/api/auth/set-role', input);
