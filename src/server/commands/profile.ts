/** The signed-in user's own data: onboarding answers (export and deletion live in personal-data.ts). */
import { eq } from 'drizzle-orm';
import { changesCheckedFields, type CheckedValues } from '#shared/doctor-verification.ts';
import type { UpdateProfileSchema } from '#shared/schemas/auth.ts';
import type { OnboardingSchema } from '#shared/schemas/onboarding.ts';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { adminProfiles, doctorProfiles, donorProfiles, patientProfiles, users } from '../db/schema/index.ts';
import type { UserRow } from '../services/sessions.ts';

type Onboarding = z.output<typeof OnboardingSchema>;
type UpdateProfile = z.output<typeof UpdateProfileSchema>;

const PROFILE_TABLES = {
  patient: patientProfiles,
  doctor: doctorProfiles,
  donor: donorProfiles,
  admin: adminProfiles,
} as const;

/**
 * The one rule for both write paths (onboarding answers and the account's name): a verified doctor whose
 * checked fields change (shared/doctor-verification.ts) goes back to the verification queue, entering it now.
 * Call inside the write's transaction with the values about to be saved; true when the profile was re-queued.
 */
export async function requeueIfCheckedFieldsChange(
  tx: Db,
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
  if (saved?.profile.verificationStatus !== 'verified') return false;
  if (!changesCheckedFields({ ...saved.profile, firstName: saved.firstName, lastName: saved.lastName }, next))
    return false;
  await tx
    .update(doctorProfiles)
    .set({ verificationStatus: 'pending', verificationRequestedAt: now, updatedAt: now })
    .where(eq(doctorProfiles.userId, userId));
  return true;
}

/** A rejected doctor who sends their answers again waits for review again. */
async function rejectedBefore(tx: Db, userId: string): Promise<boolean> {
  const [before] = await tx
    .select({ status: doctorProfiles.verificationStatus })
    .from(doctorProfiles)
    .where(eq(doctorProfiles.userId, userId))
    .for('update');
  return before?.status === 'rejected';
}

/** The account's own name and notice choice; a verified doctor's new name asks for a new check. */
export async function updateAccountProfile(db: Db, userId: string, input: UpdateProfile, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await requeueIfCheckedFieldsChange(tx as unknown as Db, userId, input, now);
    const [user] = await tx
      .update(users)
      .set({ ...input, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    return user!;
  });
}

/**
 * Stores the role's answers (insert or replace) and marks onboarding done, in one transaction.
 * A doctor's verification status is not among the answers: only an admin decides it, and new answers
 * can only send a decided profile back to the queue (requeueIfCheckedFieldsChange, or new answers after a rejection).
 */
export async function saveOnboarding(db: Db, userId: string, input: Onboarding, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const table = PROFILE_TABLES[input.role];
    // Checked credentials changed: re-queued here; a rejected doctor's new answers re-queue below.
    const reopen = input.role === 'doctor' && (await rejectedBefore(tx as unknown as Db, userId));
    if (input.role === 'doctor')
      await requeueIfCheckedFieldsChange(tx as unknown as Db, userId, input.onboardingData, now);
    // The shared schema has already shaped the answers for this role's table.
    const answers = { userId, ...input.onboardingData, updatedAt: now };
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
    return user!;
  });
}

/** The role's onboarding answers, or null. */
export async function loadProfile(db: Db, user: UserRow) {
  const table = PROFILE_TABLES[user.role ?? 'patient'];
  const [row] = await db.select().from(table).where(eq(table.userId, user.id));
  if (!row) return null;
  const { userId: _userId, ...answers } = row;
  return answers;
}
