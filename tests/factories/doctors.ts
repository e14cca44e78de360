/** Doctors for tests: answers a doctor gives at onboarding, and doctor rows made straight in the database. */
import type { Db } from '../../src/server/db/client.ts';
import { doctorProfiles, users } from '../../src/server/db/schema/index.ts';

/** A complete doctor onboarding form (POST /api/user/onboarding's onboardingData). */
export const DOCTOR_ANSWERS = {
  specialty: 'Obstetrics & Gynecology',
  licenseNumber: 'MD-LIC-771234',
  licenseState: 'Oregon',
  yearsExperience: 12,
  medicalBoard: 'American Board of Obstetrics and Gynecology',
  hospitalAffiliation: 'Riverside General',
  bio: 'Gynecologic surgeon focused on excision of endometriosis and on listening to patients first.',
  areasOfExpertise: ["Women's Reproductive Health", 'Surgical Procedures'],
  consultationTypes: ['Written replies to stories', 'Video consultation'],
};

let counter = 0;

/**
 * A doctor account with a completed profile in the given verification state, inserted directly (no sign-in):
 * for directory tests that need many doctors. `user` and `profile` override the defaults.
 */
export async function buildDoctor(
  db: Db,
  options: {
    status?: 'pending' | 'verified' | 'rejected';
    user?: Partial<typeof users.$inferInsert>;
    profile?: Partial<typeof doctorProfiles.$inferInsert>;
  } = {},
) {
  counter++;
  const [user] = await db
    .insert(users)
    .values({
      email: `doctor.${counter}.${Date.now()}@example.org`,
      passwordHash: 'not-a-real-hash',
      firstName: 'Dana',
      lastName: `Doctor${counter}`,
      role: 'doctor',
      emailVerifiedAt: new Date(),
      onboardingCompletedAt: new Date(),
      ...options.user,
    })
    .returning();
  const status = options.status ?? 'verified';
  const [profile] = await db
    .insert(doctorProfiles)
    .values({
      userId: user!.id,
      ...DOCTOR_ANSWERS,
      licenseNumber: `MD-LIC-${900000 + counter}`,
      verificationStatus: status,
      verificationDecidedAt: status === 'pending' ? null : new Date(),
      ...options.profile,
    })
    .returning();
  return { user: user!, profile: profile! };
}
