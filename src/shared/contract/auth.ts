/**
 * Signing up, in and out, the current user, the role, and the mailed links (email confirmation, password reset).
 * `GET /api/login` and `/api/logout` are the spec's links: they send the browser to the pages that do it.
 */
import { z } from 'zod';
import {
  CurrentUserSchema,
  LoginSchema,
  MessageAnswerSchema,
  RegisterSchema,
  RequestPasswordResetSchema,
  ResetLinkQuerySchema,
  ResetLinkStatusSchema,
  ResetPasswordSchema,
  SetRoleSchema,
  VerifyEmailSchema,
} from '../schemas/auth.ts';
import { endpoint } from './endpoint.ts';

export const user = endpoint({
  method: 'GET',
  path: '/api/auth/user',
  access: 'user',
  resource: 'session',
  responses: { 200: CurrentUserSchema },
});
/** Creates the account and signs it in. */
export const register = endpoint({
  method: 'POST',
  path: '/api/auth/register',
  access: 'public',
  body: RegisterSchema,
  responses: { 201: CurrentUserSchema },
  changes: ['session'],
});
/** A refusal naming the field `code` asks for the second factor. */
export const login = endpoint({
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
  body: LoginSchema,
  responses: { 200: CurrentUserSchema },
  changes: ['session'],
});
/** The page loads afresh after it (hooks/use-sign-out.ts): nothing of the session stays to be read again. */
export const logout = endpoint({
  method: 'POST',
  path: '/api/auth/logout',
  access: 'public',
  responses: { 204: null },
});
/** The sign-in page, keeping where she was going. */
export const signInLink = endpoint({
  method: 'GET',
  path: '/api/login',
  access: 'public',
  query: z.object({ returnTo: z.string().optional() }),
  responses: { 302: 'redirect' },
});
/** The sign-out page: a GET changes nothing (a link or image on another site could send it); its button POSTs. */
export const signOutLink = endpoint({
  method: 'GET',
  path: '/api/logout',
  access: 'public',
  responses: { 302: 'redirect' },
});
/** A signed-in person without a role chooses one. */
export const setRole = endpoint({
  method: 'POST',
  path: '/api/auth/set-role',
  access: 'user',
  body: SetRoleSchema,
  responses: { 200: CurrentUserSchema },
  changes: ['session', 'profile'],
});
export const verifyEmail = endpoint({
  method: 'POST',
  path: '/api/auth/verify-email',
  access: 'public',
  body: VerifyEmailSchema,
  responses: { 200: MessageAnswerSchema },
  changes: ['session', 'my-gifts'],
});
export const resendVerification = endpoint({
  method: 'POST',
  path: '/api/auth/resend-verification',
  access: 'user',
  responses: { 200: MessageAnswerSchema },
});
export const requestPasswordReset = endpoint({
  method: 'POST',
  path: '/api/auth/request-password-reset',
  access: 'public',
  body: RequestPasswordResetSchema,
  responses: { 200: MessageAnswerSchema },
});
/** Whether a mailed reset link still works (the page asks when it opens); asking does not use it up. */
export const resetLink = endpoint({
  method: 'GET',
  path: '/api/auth/reset-password',
  access: 'public',
  query: ResetLinkQuerySchema,
  responses: { 200: ResetLinkStatusSchema },
});
export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
  access: 'public',
  body: ResetPasswordSchema,
  responses: { 200: MessageAnswerSchema },
});
