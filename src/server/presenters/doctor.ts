/** Doctor profiles as each audience may see them: the public (no license number), the doctor, admins. */
import type { DoctorDashboard, DoctorVerificationItem, PublicDoctor } from '#shared/schemas/doctors.ts';
import type { doctorProfiles } from '../db/schema/index.ts';
import type { UserRow } from '../services/sessions.ts';

export type DoctorProfileRow = typeof doctorProfiles.$inferSelect;

/** The directory card and profile page: an allow-list with the license state but never its number. */
export function presentPublicDoctor(
  p: DoctorProfileRow,
  user: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'profileImageUrl'>,
): PublicDoctor {
  return {
    id: user.id,
    name: `Dr. ${user.firstName} ${user.lastName}`.trim(),
    specialty: p.specialty,
    yearsExperience: p.yearsExperience,
    hospitalAffiliation: p.hospitalAffiliation,
    bio: p.bio,
    areasOfExpertise: p.areasOfExpertise,
    consultationTypes: p.consultationTypes,
    licenseState: p.licenseState,
    profileImageUrl: user.profileImageUrl,
  };
}

/** The doctor's own profile on their dashboard, license number included. */
export function presentOwnDoctorProfile(p: DoctorProfileRow): NonNullable<DoctorDashboard['profile']> {
  return {
    id: p.userId,
    specialty: p.specialty,
    yearsExperience: p.yearsExperience,
    hospitalAffiliation: p.hospitalAffiliation,
    bio: p.bio,
    areasOfExpertise: p.areasOfExpertise,
    consultationTypes: p.consultationTypes,
    licenseState: p.licenseState,
    licenseNumber: p.licenseNumber,
    medicalBoard: p.medicalBoard,
  };
}

/** A profile in the verification queue, with what an admin checks (license details, email). */
export function presentDoctorVerification(
  p: DoctorProfileRow,
  user: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'status'>,
  decidedByEmail: string | null,
): DoctorVerificationItem {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    accountStatus: user.status,
    specialty: p.specialty,
    licenseNumber: p.licenseNumber,
    licenseState: p.licenseState,
    medicalBoard: p.medicalBoard,
    hospitalAffiliation: p.hospitalAffiliation,
    yearsExperience: p.yearsExperience,
    bio: p.bio,
    areasOfExpertise: p.areasOfExpertise,
    consultationTypes: p.consultationTypes,
    status: p.verificationStatus,
    note: p.verificationNote,
    submittedAt: p.verificationRequestedAt.toISOString(),
    decidedAt: p.verificationDecidedAt?.toISOString() ?? null,
    decidedByEmail,
  };
}
