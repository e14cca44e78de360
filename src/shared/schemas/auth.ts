/** Accounts: registration, sign-in, password reset, role choice (spec sections 2, 5, 8). */
import { z } from 'zod';
import { MyGiftSchema } from './donation.ts';
import { SecondFactorCodeSchema } from './two-factor.ts';
import { ADMIN_LEVELS, SELF_CHOSEN_ROLES, ROLES } from '../auth/roles.ts';
import { CommunityNameSchema } from '../community-name.ts';

export const PASSWORD_MIN = 8;
/** Long enough for any passphrase, short enough that hashing it is cheap; never truncated. */
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;

export const PASSWORD_MESSAGES = {
  /** Registration wording (spec section 5). */
  tooShort: 'Password must be at least 8 characters',
  /** Reset-password wording (spec section 5). */
  tooShortReset: 'Password must be at least 8 characters long',
  mixedCase: 'Password must contain both uppercase and lowercase letters',
  digit: 'Password must contain at least one number',
  tooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  common: 'This password is too common. Please choose one that is harder to guess.',
  personal: 'Password must not contain your name or email address',
} as const;

/**
 * The whole rule for a new password, said beside every field where one is chosen: what passwordSchema checks in
 * the browser and what only the server checks (passwordPolicyProblem: her name or email, common passwords).
 */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters, with upper and lower case letters and a number. It must not contain your name or email address, and must not be a common password.`;

/** The spec's password rules; `minMessage` differs between registration and reset. */
export function passwordSchema(minMessage: string = PASSWORD_MESSAGES.tooShort) {
  return z
    .string({ error: minMessage })
    .min(PASSWORD_MIN, minMessage)
    .max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong)
    .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p), PASSWORD_MESSAGES.mixedCase)
    .refine((p) => /\d/.test(p), PASSWORD_MESSAGES.digit);
}

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const EmailAddressSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .pipe(z.email(EMAIL_MESSAGE).max(254, EMAIL_MESSAGE));

function requiredName(message: string) {
  return z.string({ error: message }).trim().min(1, message).max(NAME_MAX, `Must be at most ${NAME_MAX} characters`);
}

/** A solved ALTCHA challenge (base64 JSON), or null when the widget did not load. */
export const HumanCheckSchema = z.string().max(4000).nullable();
export const HUMAN_CHECK_MISSING = 'Human verification did not complete. Please reload the page and try again.';

export const RegisterSchema = z.strictObject({
  firstName: requiredName('First name is required'),
  lastName: requiredName('Last name is required'),
  email: EmailAddressSchema,
  password: passwordSchema(PASSWORD_MESSAGES.tooShort),
  role: z.enum(ROLES, { error: 'Please choose a role' }),
  /** Required for role `admin`: the one-time invite from a super_admin. */
  inviteToken: z.string().max(200).optional(),
  altcha: HumanCheckSchema,
});
export type RegisterInput = z.input<typeof RegisterSchema>;

/** The /register form: the request fields plus a confirmation the server never sees. */
export const RegisterFormSchema = RegisterSchema.pick({ firstName: true, lastName: true, email: true, password: true })
  .extend({ confirmPassword: z.string().min(PASSWORD_MIN, 'Please confirm your password') })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type RegisterFormValues = z.input<typeof RegisterFormSchema>;

export const LoginSchema = z.strictObject({
  email: z.string({ error: EMAIL_MESSAGE }).trim().toLowerCase().min(1, EMAIL_MESSAGE).max(254, EMAIL_MESSAGE),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is required'),
  /** The second factor, for accounts that have turned it on. */
  code: SecondFactorCodeSchema.optional(),
});
export type LoginInput = z.input<typeof LoginSchema>;

export const RequestPasswordResetSchema = z.strictObject({
  email: EmailAddressSchema,
  altcha: HumanCheckSchema,
});

export const INVALID_RESET_TOKEN = 'Invalid reset token.';
export const INVALID_RESET_LINK = 'This password reset link is invalid or expired.';
export const INVALID_VERIFICATION_LINK = 'This verification link is invalid or expired.';
export const RESET_LINK_SENT = "If an account exists with that email, you'll receive a password reset link.";
export const PASSWORDS_MISMATCH = 'Please make sure both passwords are identical.';
export const ResetPasswordSchema = z.strictObject({
  token: z.string({ error: INVALID_RESET_TOKEN }).min(1, INVALID_RESET_TOKEN).max(200, INVALID_RESET_TOKEN),
  newPassword: passwordSchema(PASSWORD_MESSAGES.tooShortReset),
});

/** GET /api/auth/reset-password?token=: whether a mailed link still works, asked when its page opens. */
export const ResetLinkQuerySchema = z.strictObject({ token: ResetPasswordSchema.shape.token });
/** Its answer: a spent or expired link says so before she types a new password twice. */
export const ResetLinkStatusSchema = z.discriminatedUnion('usable', [
  z.object({ usable: z.literal(true) }),
  z.object({ usable: z.literal(false), message: z.string() }),
]);
export type ResetLinkStatus = z.infer<typeof ResetLinkStatusSchema>;

/** The /reset-password form. */
export const ResetPasswordFormSchema = z
  .object({ newPassword: passwordSchema(PASSWORD_MESSAGES.tooShortReset), confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_MISMATCH,
    path: ['confirmPassword'],
  });

export const SetRoleSchema = z.strictObject({
  role: z.enum(SELF_CHOSEN_ROLES, { error: 'Please choose patient, doctor or donor' }),
  /** The spec's field name; it carries the ALTCHA solution. */
  recaptchaToken: HumanCheckSchema,
});

export const VerifyEmailSchema = z.strictObject({ token: z.string().min(1).max(200) });

/**
 * Changing her password: the current one, or (left out) a passkey confirmation on this session just before; a
 * member without a password sets one this way (decision 016).
 */
export const ChangePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, 'Current password is required').max(1024).optional(),
  newPassword: passwordSchema(PASSWORD_MESSAGES.tooShort),
});

/** Deleting her account: her password, or (left out) a passkey confirmation on this session just before. */
export const DeleteAccountSchema = z.strictObject({
  password: z.string().min(1, 'Enter your password to confirm').max(1024).optional(),
});

export const UpdateProfileSchema = z.strictObject({
  firstName: requiredName('First name is required'),
  lastName: requiredName('Last name is required'),
  /** Left out: unchanged; empty or null: the default (first name and last initial). */
  communityName: CommunityNameSchema.optional(),
  notifyByEmail: z.boolean().optional(),
});

/** GET /api/auth/user */
/** Whether she may write stories, or what stands in the way: a role to choose, or a role that does not write them. */
export const StoryWritingSchema = z.enum(['allowed', 'choose-role', 'not-a-patient']);
export type StoryWriting = z.infer<typeof StoryWritingSchema>;
/** Whether she may open a fundraiser, or what stands in the way (her page says what to do next). */
export const FundraiserOpeningSchema = z.enum(['allowed', 'not-a-patient', 'finish-profile', 'confirm-email']);
export type FundraiserOpening = z.infer<typeof FundraiserOpeningSchema>;

export const CurrentUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The community name she chose; null while she uses the default. */
  communityName: z.string().nullable(),
  /** What others see of her on stories, words of support and her fundraiser. */
  shownName: z.string(),
  email: z.string(),
  role: z.enum(ROLES).nullable(),
  adminLevel: z.enum(ADMIN_LEVELS).nullable(),
  profileImageUrl: z.string().nullable(),
  onboardingCompleted: z.boolean(),
  emailVerified: z.boolean(),
  /** She has a password; without one she signs in, and confirms changes, with a passkey (decision 016). */
  hasPassword: z.boolean(),
  /** Two-step sign-in is on for the account. */
  twoFactorEnabled: z.boolean(),
  /** This session proved the second factor (admin pages need it). */
  twoFactorVerified: z.boolean(),
  /** What her account lets her start (src/server/policies/account.ts); the server checks each again. */
  abilities: z.object({
    writeStories: StoryWritingSchema,
    openFundraiser: FundraiserOpeningSchema,
    /** Her own dashboards: a doctor's reviews; a patient's fundraiser and its expenses. */
    doctorDashboard: z.boolean(),
    fundraiserPages: z.boolean(),
    /** Her care plan for the weeks after surgery (patients; issue 39). */
    carePlan: z.boolean(),
    /** Her gifts are a section of her profile even before there is one (donors). */
    giftsOnProfile: z.boolean(),
    /** Her consents for consumer health data are a section of her profile (patients, and members without a role yet; decision 017). */
    healthConsents: z.boolean(),
    /** Two-step sign-in is required of her for the admin pages (admins). */
    twoFactorRequired: z.boolean(),
    /** She changes others' roles, suspends accounts and invites admins (super admins). */
    manageAccounts: z.boolean(),
  }),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** GET /api/user/profile: the account, its notice choice, the role's saved onboarding answers and ownership. */
export const ProfileAnswerSchema = z.object({
  user: CurrentUserSchema,
  notifyByEmail: z.boolean(),
  /** The role's onboarding answers as saved (a doctor's carry `verificationStatus`); null before onboarding. */
  profile: z.record(z.string(), z.unknown()).nullable(),
  /** The campaign's owner cannot delete her account until an admin moves ownership. */
  ownsCampaign: z.boolean(),
  /** Gifts recorded with her confirmed email address, newest first (voided ones left out). */
  gifts: z.array(MyGiftSchema),
});
export type ProfileAnswer = z.infer<typeof ProfileAnswerSchema>;

/** GET /api/user/sessions item: one browser or device signed in to the account. */
export const SessionViewSchema = z.object({
  id: z.uuid(),
  /** The browser's user agent; empty when it sent none. */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof SessionViewSchema>;

/** The answer of a request that only reports what happened (password reset, email confirmed ...). */
export const MessageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswerSchema>;
