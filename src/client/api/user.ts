/** The signed-in person's own account: onboarding, profile, password, sessions, two-step sign-in, data, deletion. */
import type { z } from 'zod';
import type {
  ChangePasswordSchema,
  CurrentUser,
  DeleteAccountSchema,
  MessageAnswer,
  ProfileAnswer,
  UpdateProfileSchema,
} from '#shared/schemas/auth.ts';
import type { OnboardingSchema } from '#shared/schemas/onboarding.ts';
import * as account from '#shared/contract/account.ts';
import type {
  ConfirmPasswordSchema,
  EnableTwoFactorSchema,
  RecoveryCodesAnswer,
  TwoFactorSetup,
  TwoFactorStatus,
} from '#shared/schemas/two-factor.ts';
import { apiDownload, apiGet, apiRequest, call, keyOf } from '#client/lib/api.ts';

/** POST /api/user/onboarding: the role's profile questions. */
export const saveOnboarding = (input: z.input<typeof OnboardingSchema>) =>
  apiRequest<CurrentUser>('POST', '/api/user/onboarding', input);

export const PROFILE_KEY = ['/api/user/profile'] as const;
/** GET /api/user/profile */
export const getProfile = () => apiGet<ProfileAnswer>(PROFILE_KEY[0]);
/** PATCH /api/user/profile: name and notice choice. */
export const updateProfile = (input: z.input<typeof UpdateProfileSchema>) =>
  apiRequest<CurrentUser>('PATCH', PROFILE_KEY[0], input);

/** POST /api/user/password: signs out every other session. */
export const changePassword = (input: z.input<typeof ChangePasswordSchema>) =>
  apiRequest<MessageAnswer>('POST', '/api/user/password', input);

export const SESSIONS_KEY = keyOf(account.sessions);
/** The devices signed in to the account. */
export const listSessions = () => call(account.sessions);
/** Signs that device out. */
export const revokeSession = (id: string) => call(account.revokeSession, { params: { id } });
/** Signs out every device but this one. */
export const revokeOtherSessions = () => call(account.revokeOtherSessions);

/** GET /api/user/export: everything held about the person, as a JSON file. */
export const downloadMyData = () => apiDownload('/api/user/export');

/** DELETE /api/user: deletes the account, after the password. */
export const deleteAccount = (input: z.input<typeof DeleteAccountSchema>) =>
  apiRequest<void>('DELETE', '/api/user', input);

export const TWO_FACTOR_KEY = ['/api/user/two-factor'] as const;
/** GET /api/user/two-factor */
export const getTwoFactorStatus = () => apiGet<TwoFactorStatus>(TWO_FACTOR_KEY[0]);
/** POST /api/user/two-factor/setup: a new secret and its QR code, to confirm with a code. */
export const startTwoFactorSetup = () => apiRequest<TwoFactorSetup>('POST', `${TWO_FACTOR_KEY[0]}/setup`);
/** POST /api/user/two-factor/enable */
export const enableTwoFactor = (input: z.input<typeof EnableTwoFactorSchema>) =>
  apiRequest<RecoveryCodesAnswer>('POST', `${TWO_FACTOR_KEY[0]}/enable`, input);
/** POST /api/user/two-factor/recovery-codes: replaces the unused codes. */
export const replaceRecoveryCodes = (input: z.input<typeof ConfirmPasswordSchema>) =>
  apiRequest<RecoveryCodesAnswer>('POST', `${TWO_FACTOR_KEY[0]}/recovery-codes`, input);
/** POST /api/user/two-factor/disable */
export const disableTwoFactor = (input: z.input<typeof ConfirmPasswordSchema>) =>
  apiRequest<unknown>('POST', `${TWO_FACTOR_KEY[0]}/disable`, input);
