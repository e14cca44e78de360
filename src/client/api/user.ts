/** The signed-in person's own account: onboarding, profile, password, sessions, two-step sign-in, data, deletion. */
import type { z } from 'zod';
import type { ChangePasswordSchema, DeleteAccountSchema, UpdateProfileSchema } from '#shared/schemas/auth.ts';
import type { OnboardingSchema } from '#shared/schemas/onboarding.ts';
import * as account from '#shared/contract/account.ts';
import type { ConfirmPasswordSchema, EnableTwoFactorSchema } from '#shared/schemas/two-factor.ts';
import { call, queryOf } from '#client/lib/api.ts';

/** The role's profile questions. */
export const saveOnboarding = (body: z.input<typeof OnboardingSchema>) => call(account.onboarding, { body });

/** Her account, its notice choice, her saved answers and her gifts. */
export const profileQuery = () => queryOf(account.profile);
/** Name and notice choice. */
export const updateProfile = (body: z.input<typeof UpdateProfileSchema>) => call(account.updateProfile, { body });

/** Signs out every other session. */
export const changePassword = (body: z.input<typeof ChangePasswordSchema>) => call(account.changePassword, { body });

/** Removes her password (she has a passkey): her password again, or a passkey confirmation just before. */
export const removePassword = (body: z.input<typeof ConfirmPasswordSchema>) => call(account.removePassword, { body });

/** The devices signed in to the account. */
export const sessionsQuery = () => queryOf(account.sessions);
/** Signs that device out. */
export const revokeSession = (id: string) => call(account.revokeSession, { params: { id } });
/** Signs out every device but this one. */
export const revokeOtherSessions = () => call(account.revokeOtherSessions);

/** Everything held about the person, as a JSON file. */
export const downloadMyData = () => call(account.exportData);

/** Deletes the account, after the password. */
export const deleteAccount = (body: z.input<typeof DeleteAccountSchema>) => call(account.deleteAccount, { body });

export const twoFactorQuery = () => queryOf(account.twoFactor);
/** A new secret and its QR code, to confirm with a code. */
export const startTwoFactorSetup = () => call(account.startTwoFactor);
export const enableTwoFactor = (body: z.input<typeof EnableTwoFactorSchema>) => call(account.enableTwoFactor, { body });
/** Replaces the unused codes. */
export const replaceRecoveryCodes = (body: z.input<typeof ConfirmPasswordSchema>) =>
  call(account.replaceRecoveryCodes, { body });
export const disableTwoFactor = (body: z.input<typeof ConfirmPasswordSchema>) =>
  call(account.disableTwoFactor, { body });
