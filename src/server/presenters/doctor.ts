/** Doctor profiles as each audience may see them: the public (no license number), the doctor, admins. */
import type {
  DoctorDashboard,
  DoctorVerificationItem,
  InputRequestStory,
  PublicDoctor,
} from '#shared/schemas/doctors.ts';
import type { Page } from '#shared/schemas/paging.ts';
import { excerpt } from '#shared/story-text.ts';
import type { AskingStoryRow, DoctorProfileRow } from '../db/queries/doctors.ts';
import type { UserRow } from '../services/sessions.ts';
import { shownName } from '#shared/community-name.ts';

const EXCERPT_CHARS = 240;

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
    version: p.version,
    submittedAt: p.verificationRequestedAt.toISOString(),
    decidedAt: p.verificationDecidedAt?.toISOString() ?? null,
    decidedByEmail,
  };
}

/** A story asking for professional input as the dashboard lists it: the start of its published text. */
export function presentInputRequestStory(s: AskingStoryRow): InputRequestStory {
  return {
    id: s.id,
    title: s.title ?? '',
    excerpt: excerpt(s.body ?? '', EXCERPT_CHARS),
    tags: s.tags ?? [],
    authorName: shownName(s),
    publishedAt: s.publishedAt!.toISOString(),
    myReplies: Number(s.myReplies),
  };
}

/** The doctor's dashboard: where verification stands, what to do next, their profile, and the stories asking. */
export function presentDoctorDashboard(
  profile: DoctorProfileRow | undefined,
  stories: Page<InputRequestStory>,
  counts: DoctorDashboard['counts'],
): DoctorDashboard {
  return {
    verification: {
      status: profile?.verificationStatus ?? 'not_submitted',
      note: profile?.verificationNote ?? null,
      decidedAt: profile?.verificationDecidedAt?.toISOString() ?? null,
    },
    nextStep: nextStepFor(profile),
    profile: profile ? presentOwnDoctorProfile(profile) : null,
    stories,
    counts,
  };
}

/** What the doctor should do now, given where their verification stands. */
function nextStepFor(profile: DoctorProfileRow | undefined): DoctorDashboard['nextStep'] {
  if (!profile) {
    return {
      title: 'Complete your professional profile',
      text: 'Tell us your specialty and license details so an administrator can verify you. Until then you do not appear in Find Doctors.',
      link: { href: '/onboarding', text: 'Complete your profile' },
    };
  }
  switch (profile.verificationStatus) {
    case 'pending':
      return {
        title: 'Your profile is waiting for verification',
        text: 'An administrator is checking your license details. You will get a notification when it is decided. You can still correct your answers meanwhile.',
        link: { href: '/onboarding', text: 'Review your answers' },
      };
    case 'rejected':
      return {
        title: 'Your profile was not verified',
        text: 'Read the reason below, correct your details and send them again: your profile then goes back to the verification queue.',
        link: { href: '/onboarding', text: 'Update your details' },
      };
    case 'verified':
      return {
        title: 'You are verified',
        text: 'Patients can find you in Find Doctors. The stories below ask for professional input: read them and offer a reply.',
        link: { href: `/doctors/${profile.userId}`, text: 'See your public profile' },
      };
  }
}
