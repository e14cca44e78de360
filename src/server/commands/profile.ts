/** The signed-in user's own data: onboarding answers (export and deletion live in personal-data.ts). */
import { eq } from 'drizzle-orm';
import type { OnboardingSchema } from '#shared/schemas/onboarding.ts';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { adminProfiles, doctorProfiles, donorProfiles, patientProfiles, users } from '../db/schema/index.ts';
import type { UserRow } from '../services/sessions.ts';

type Onboarding = z.output<typeof OnboardingSchema>;

const PROFILE_TABLES = { patient: patientProfiles, doctor: doctorProfiles, donor: donorProfiles, admin: adminProfiles } as const;

/** What an admin checks before verifying a doctor: changing any of it asks for a new check. */
const CHECKED_CREDENTIALS = ['specialty', 'licenseNumber', 'licenseState', 'medicalBoard'] as const;

/** A rejected doctor who sends their answers again, or a verified one whose checked credentials change, waits for review again. */
async function backToVerificationQueue(tx: Db, userId: string, answers: Extract<Onboarding, { role: 'doctor' }>['onboardingData']): Promise<boolean> {
  const [before] = await tx.select().from(doctorProfiles).where(eq(doctorProfiles.userId, userId)).for('update');
  if (!before) return false;
  if (before.verificationStatus === 'rejected') return true;
  return before.verificationStatus === 'verified' && CHECKED_CREDENTIALS.some((key) => before[key] !== answers[key]);
}

/**
 * Stores the role's answers (insert or replace) and marks onboarding done, in one transaction.
 * A doctor's verification status is not among the answers: only an admin decides it, and new answers
 * can only send a decided profile back to the queue (backToVerificationQueue).
 */
export async function saveOnboarding(db: Db, userId: string, input: Onboarding, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const table = PROFILE_TABLES[input.role];
    const reopen = input.role === 'doctor' && (await backToVerificationQueue(tx as unknown as Db, userId, input.onboardingData));
    // The shared schema has already shaped the answers for this role's table.
    const answers = { userId, ...input.onboardingData, updatedAt: now };
    const queued = input.role === 'doctor' ? { verificationRequestedAt: now } : {};
    await tx
      .insert(table)
      .values({ ...answers, ...queued } as never)
      .onConflictDoUpdate({ target: table.userId, set: { ...answers, ...(reopen ? { verificationStatus: 'pending', ...queued } : {}) } as never });
    const [user] = await tx.update(users).set({ onboardingCompletedAt: now, updatedAt: now }).where(eq(users.id, userId)).returning();
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
