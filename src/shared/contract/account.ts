/**
 * The signed-in person's own account: onboarding, profile, password, the devices signed in to it, two-step sign-in,
 * her data's export, and deleting the account.
 */
import { z } from 'zod';
import {
  ChangePasswordSchema,
  CurrentUserSchema,
  DeleteAccountSchema,
  MessageAnswerSchema,
  ProfileAnswerSchema,
  SessionViewSchema,
  UpdateProfileSchema,
} from '../schemas/auth.ts';
import { IdParamsSchema } from '../schemas/common.ts';
import { OnboardingSchema } from '../schemas/onboarding.ts';
import {
  ConfirmPasswordSchema,
  EnableTwoFactorSchema,
  RecoveryCodesAnswerSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '../schemas/two-factor.ts';
import { endpoint } from './endpoint.ts';

/** What she sees of herself everywhere (the signed-in user) and on her profile page. */
const herself = ['session', 'profile'] as const;

export const onboarding = endpoint({
  method: 'POST',
  path: '/api/user/onboarding',
  access: 'user',
  body: OnboardingSchema,
  responses: { 200: CurrentUserSchema },
  changes: herself,
});
export const profile = endpoint({
  method: 'GET',
  path: '/api/user/profile',
  access: 'user',
  resource: 'profile',
  responses: { 200: ProfileAnswerSchema },
});
export const updateProfile = endpoint({
  method: 'PATCH',
  path: '/api/user/profile',
  access: 'user',
  body: UpdateProfileSchema,
  responses: { 200: CurrentUserSchema },
  changes: herself,
});
/** Changes her password, or sets one when she has none; signs out every other device. */
export const changePassword = endpoint({
  method: 'POST',
  path: '/api/user/password',
  access: 'user',
  body: ChangePasswordSchema,
  responses: { 200: MessageAnswerSchema },
  changes: ['session', 'sessions'],
});
/**
 * Removes her password once she has a passkey (decision 016): she signs in with passkeys only, and a reset link
 * gives her a password again. Signs out every other device, as a password change does.
 */
export const removePassword = endpoint({
  method: 'DELETE',
  path: '/api/user/password',
  access: 'user',
  body: ConfirmPasswordSchema,
  responses: { 204: null },
  changes: ['session', 'sessions'],
});
/** Everything held about her, as a JSON file to save. */
export const exportData = endpoint({
  method: 'GET',
  path: '/api/user/export',
  access: 'user',
  responses: { 200: 'file' },
});
export const deleteAccount = endpoint({
  method: 'DELETE',
  path: '/api/user',
  access: 'user',
  body: DeleteAccountSchema,
  responses: { 204: null },
  changes: herself,
});

export const twoFactor = endpoint({
  method: 'GET',
  path: '/api/user/two-factor',
  access: 'user',
  resource: 'two-factor',
  responses: { 200: TwoFactorStatusSchema },
});
/** A new secret and its QR code, to confirm with a code (nothing is on until then). */
export const startTwoFactor = endpoint({
  method: 'POST',
  path: '/api/user/two-factor/setup',
  access: 'user',
  responses: { 200: TwoFactorSetupSchema },
});
export const enableTwoFactor = endpoint({
  method: 'POST',
  path: '/api/user/two-factor/enable',
  access: 'user',
  body: EnableTwoFactorSchema,
  responses: { 200: RecoveryCodesAnswerSchema },
  changes: ['two-factor', 'session'],
});
/** Replaces the unused codes. */
export const replaceRecoveryCodes = endpoint({
  method: 'POST',
  path: '/api/user/two-factor/recovery-codes',
  access: 'user',
  body: ConfirmPasswordSchema,
  responses: { 200: RecoveryCodesAnswerSchema },
  changes: ['two-factor'],
});
export const disableTwoFactor = endpoint({
  method: 'POST',
  path: '/api/user/two-factor/disable',
  access: 'user',
  body: ConfirmPasswordSchema,
  responses: { 204: null },
  changes: ['two-factor', 'session'],
});

export const sessions = endpoint({
  method: 'GET',
  path: '/api/user/sessions',
  access: 'user',
  responses: { 200: z.array(SessionViewSchema) },
  resource: 'sessions',
});

export const revokeSession = endpoint({
  method: 'DELETE',
  path: '/api/user/sessions/:id',
  access: 'user',
  params: IdParamsSchema,
  responses: { 204: null },
  changes: ['sessions'],
});

export const revokeOtherSessions = endpoint({
  method: 'POST',
  path: '/api/user/sessions/revoke-others',
  access: 'user',
  responses: { 204: null },
  changes: ['sessions'],
});

/** Her profile photo (an image, type checked by content): the answer is her account with its new address. */
export const uploadAvatar = endpoint({
  method: 'POST',
  path: '/api/user/avatar',
  access: 'user',
  body: 'multipart',
  responses: { 200: CurrentUserSchema },
  changes: herself,
});
export const removeAvatar = endpoint({
  method: 'DELETE',
  path: '/api/user/avatar',
  access: 'user',
  responses: { 204: null },
  changes: herself,
});
