/**
 * The signed-in user's own data: onboarding answers, the account's name and notice choice, and her sessions
 * (export and deletion live in db/queries/user-export.ts and personal-data-delete.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { HEALTH_CONSENT_REFUSALS } from '#shared/health-data-consent.ts';
import { changesCheckedFields, type CheckedValues } from '#shared/doctor-verification.ts';
import type { UpdateProfileSchema } from '#shared/schemas/auth.ts';
import type { OnboardingSchema } from '#shared/schemas/onboarding.ts';
import type { Tx } from '../db/client.ts';
import { standingHealthConsent } from '../db/queries/health-data-consents.ts';
import { PROFILE_TABLES, type UserRow } from '../db/queries/users.ts';
import { doctorProfiles, sessions, users } from '../db/schema/index.ts';
import { notifyVerificationWaiting } from './doctors.ts';
import { recordHealthConsent } from './health-data-consents.ts';
import type { CommandContext } from './run.ts';

type Onboarding = z.output<typeof OnboardingSchema>;
type UpdateProfile = z.output<typeof UpdateProfileSchema>;

/**
 * The one rule for both write paths (onboarding answers and the account's name): a verified doctor whose
 * checked fields change (shared/doctor-verification.ts) goes back to the verification queue, entering it now; any
 * other doctor's profile version moves, so a decision on what was read before is refused (decision 010).
 * Call inside the write's transaction with the values about to be saved; true when the profile was re-queued.
 */
export async function requeueIfCheckedFieldsChange(
  tx: Tx,
  userId: string,
  next: CheckedValues,
  now: Date,
): Promise<boolean> {
  const [saved] = await tx
    .select({ profile: doctorProfiles, firstName: users.firstName, lastName: users.lastName })
    .from(doctorProfiles)
    .innerJoin(users, eq(users.id, doctorProfiles.userId))
    .where(eq(doctorProfiles.userId, userId))
    .for('update');
  if (!saved) return false;
  if (!changesCheckedFields({ ...saved.profile, firstName: saved.firstName, lastName: saved.lastName }, next))
    return false;
  if (saved.profile.verificationStatus !== 'verified') {
    // Not verified yet: it keeps its place in the queue, but a manager who read the old name or license must not
    // verify the new one unread. The name lives on users, so the profile's version is moved here by hand.
    await tx
      .update(doctorProfiles)
      .set({ version: sql`${doctorProfiles.version} + 1` })
      .where(eq(doctorProfiles.userId, userId));
    return false;
  }
  await tx
    .update(doctorProfiles)
    .set({ verificationStatus: 'pending', verificationRequestedAt: now, updatedAt: now })
    .where(eq(doctorProfiles.userId, userId));
  return true;
}

/** A rejected doctor who sends their answers again waits for review again. */
async function rejectedBefore(tx: Tx, userId: string): Promise<boolean> {
  const [before] = await tx
    .select({ status: doctorProfiles.verificationStatus })
    .from(doctorProfiles)
    .where(eq(doctorProfiles.userId, userId))
    .for('update');
  return before?.status === 'rejected';
}

/**
 * The account's own name and notice choice; a verified doctor's new name asks for a new check, and a doctor
 * waiting for one is announced to the managers.
 */
export async function updateAccountProfile(
  { tx, now }: CommandContext,
  userId: string,
  input: UpdateProfile,
): Promise<UserRow> {
  await requeueIfCheckedFieldsChange(tx, userId, input, now);
  const [user] = await tx
    .update(users)
    .set({ ...input, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  if (user!.role === 'doctor') await notifyVerificationWaiting(tx, user!);
  return user!;
}

/**
 * Stores the role's answers (insert or replace) and marks onboarding done; a doctor waiting for verification is
 * announced to the managers. The form follows the account's role: nobody changes role (or admin level) here.
 * A doctor's verification status is not among the answers: only an admin decides it, and new answers can only
 * send a decided profile back to the queue (requeueIfCheckedFieldsChange, or new answers after a rejection).
 */
/**
 * A patient's consents, recorded before her health answers are stored (decision 017): collecting is required (the
 * schema refuses answers without it), sharing optional; publishing stories by default needs sharing, given now or
 * standing. Returns the answers for her profile, without the consents.
 */
async function patientConsents(
  { tx, actor, now }: CommandContext,
  me: UserRow,
  data: Extract<Onboarding, { role: 'patient' }>['onboardingData'],
) {
  const { consentToCollect, consentToShare, ...answers } = data;
  if (consentToCollect !== true)
    throw new AppError('VALIDATION', HEALTH_CONSENT_REFUSALS.collect, 'onboardingData.consentToCollect');
  const sharing = consentToShare || (await standingHealthConsent(tx, me.id, 'share')) !== undefined;
  if (answers.allowPublicStory && !sharing)
    throw new AppError('VALIDATION', HEALTH_CONSENT_REFUSALS.shareOnboarding, 'onboardingData.allowPublicStory');
  await recordHealthConsent(tx, actor, me.id, 'collect', now);
  if (consentToShare) await recordHealthConsent(tx, actor, me.id, 'share', now);
  return answers;
}

export async function saveOnboarding(ctx: CommandContext, me: UserRow, input: Onboarding): Promise<UserRow> {
  const { tx, now } = ctx;
  if (input.role !== (me.role ?? 'patient')) {
    throw new AppError(
      'FORBIDDEN',
      `Your account is a ${me.role ?? 'patient'} account; complete that onboarding instead`,
    );
  }
  const userId = me.id;
  const table = PROFILE_TABLES[input.role];
  // Checked credentials changed: re-queued here; a rejected doctor's new answers re-queue below.
  const reopen = input.role === 'doctor' && (await rejectedBefore(tx, userId));
  if (input.role === 'doctor') await requeueIfCheckedFieldsChange(tx, userId, input.onboardingData, now);
  // The shared schema has already shaped the answers for this role's table; a patient's consents are their own rows.
  const answers = {
    userId,
    ...(input.role === 'patient' ? await patientConsents(ctx, me, input.onboardingData) : input.onboardingData),
    updatedAt: now,
  };
  const queued = input.role === 'doctor' ? { verificationRequestedAt: now } : {};
  await tx
    .insert(table)
    .values({ ...answers, ...queued } as never)
    .onConflictDoUpdate({
      target: table.userId,
      set: { ...answers, ...(reopen ? { verificationStatus: 'pending', ...queued } : {}) } as never,
    });
  const [user] = await tx
    .update(users)
    .set({ onboardingCompletedAt: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  if (input.role === 'doctor') await notifyVerificationWaiting(tx, user!);
  return user!;
}

/** Ends one of the user's own sessions; NOT_FOUND when it is not hers (or already ended). */
export async function endOwnSession({ tx }: CommandContext, userId: string, sessionId: string): Promise<void> {
  const removed = await tx
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'No such session');
}
