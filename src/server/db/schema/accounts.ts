import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AdminLevel, Role } from '#shared/auth/roles.ts';
import { rowVersion } from './row-version.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique case-insensitively. */
    email: text('email').notNull(),
    /** Null once she removed her password (she signs in with a passkey; a reset link gives her one back). */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** What others see of her (issue 38); null: her first name and last initial. */
    communityName: text('community_name'),
    role: text('role').$type<Role>(),
    /** Assigned by a super_admin (or the one-time setup link), never chosen in onboarding. */
    adminLevel: text('admin_level').$type<AdminLevel>(),
    profileImageUrl: text('profile_image_url'),
    emailVerifiedAt: at('email_verified_at'),
    onboardingCompletedAt: at('onboarding_completed_at'),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    notifyByEmail: boolean('notify_by_email').notNull().default(true),
    /** The authenticator (TOTP) secret, encrypted under the server's secret; set once enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: at('totp_enabled_at'),
    /** The last time step a code was accepted for: each code signs in once (no replay). */
    totpLastStep: integer('totp_last_step'),
    /** A secret offered during enrolment, kept until the user confirms it with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`)],
);

/** Only the hash of a session token is stored; the token lives in the visitor's cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    /** Absolute end of the session, whatever the activity. */
    expiresAt: at('expires_at').notNull(),
    /** A short description of the browser, shown in the user's session list. */
    userAgent: text('user_agent').notNull().default(''),
    /** Until when an admin's re-entered password unlocks sensitive panels (the donations gate). */
    elevatedUntil: at('elevated_until'),
    /** When this session proved the second factor (an authenticator or recovery code); admins need it. */
    secondFactorAt: at('second_factor_at'),
    /**
     * When she last confirmed herself with a passkey on this session instead of her password (decision 016):
     * good for one sensitive action within a few minutes, then spent.
     */
    reauthenticatedAt: at('reauthenticated_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use tokens mailed to a user (email verification, password reset); stored hashed. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/** One-time recovery codes for the second factor; stored hashed, each used at most once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_uq').on(t.userId, t.codeHash)],
);

/**
 * A member's passkeys (WebAuthn credentials, decision 016): the public key and the signature counter the
 * authenticator last sent; nothing here signs in by itself.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's id as the browser names it (base64url). */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter; a sign-in must send a higher one unless it keeps none (0). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** Her name for it ("Phone", "Laptop"). */
    name: text('name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/** A WebAuthn challenge the server gave: used once (deleted when answered), and only until it expires. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose', { enum: ['register', 'sign-in', 'step-up', 'reauth'] }).notNull(),
  /** Whose passkey is being added; null for a sign-in (anyone may answer it with her own passkey). */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: at('expires_at').notNull(),
});

/** One-time invites to become an admin; the first super_admin's setup link is one with no creator. */
export const adminInvites = pgTable('admin_invites', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  adminLevel: text('admin_level').$type<AdminLevel>().notNull(),
  /** When set, only this address may use the invite. */
  email: text('email'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** ALTCHA solutions already accepted, so none can be replayed before it expires. */
export const spentChallenges = pgTable('spent_challenges', {
  signature: text('signature').primaryKey(),
  expiresAt: at('expires_at').notNull(),
});

/** Role-specific onboarding answers; health fields are private to the user and admins. */
export const patientProfiles = pgTable('patient_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  medicalCondition: text('medical_condition').notNull(),
  symptoms: text('symptoms').notNull(),
  treatmentGoals: text('treatment_goals').notNull(),
  urgencyLevel: text('urgency_level').notNull(),
  preferredContactMethod: text('preferred_contact_method').notNull(),
  allowPublicStory: boolean('allow_public_story').notNull().default(false),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const doctorProfiles = pgTable(
  'doctor_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    specialty: text('specialty').notNull(),
    licenseNumber: text('license_number').notNull(),
    licenseState: text('license_state').notNull(),
    yearsExperience: integer('years_experience').notNull(),
    medicalBoard: text('medical_board').notNull(),
    hospitalAffiliation: text('hospital_affiliation'),
    bio: text('bio').notNull(),
    areasOfExpertise: text('areas_of_expertise').array().notNull(),
    consultationTypes: text('consultation_types').array().notNull(),
    verificationStatus: text('verification_status', { enum: ['pending', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    /** When and by whom the verification was decided, and why when rejected (shown to the doctor). */
    verificationDecidedAt: at('verification_decided_at'),
    verificationDecidedBy: uuid('verification_decided_by').references(() => users.id, { onDelete: 'set null' }),
    verificationNote: text('verification_note'),
    /** When the profile last entered the verification queue (first answers, or sent back); edits while waiting keep its place. */
    verificationRequestedAt: at('verification_requested_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Moves with every change, the doctor's new name included: a verification names the version its manager read. */
    version: rowVersion(),
  },
  (t) => [
    index('doctor_profiles_status_specialty_idx').on(t.verificationStatus, t.specialty),
    index('doctor_profiles_expertise_idx').using('gin', t.areasOfExpertise),
    index('doctor_profiles_consultation_idx').using('gin', t.consultationTypes),
  ],
);

export const donorProfiles = pgTable('donor_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  donationInterests: text('donation_interests').array().notNull(),
  monthlyBudget: text('monthly_budget').notNull(),
  followUpPreference: text('follow_up_preference').notNull(),
  anonymousDonations: boolean('anonymous_donations').notNull().default(false),
  taxDeductibleInfo: boolean('tax_deductible_info').notNull().default(true),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const adminProfiles = pgTable('admin_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  responsibilities: text('responsibilities').array().notNull(),
  previousExperience: text('previous_experience').notNull(),
  availabilityHours: integer('availability_hours').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
