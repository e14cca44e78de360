/**
 * What her account lets her start (writing stories, opening a fundraiser: the answer names what stands in the way,
 * so her page can say what to do next, and the commands refuse with the same words) and which of her own pages
 * are hers. The browser shows links and sections from these, never from her role.
 */
import { admits } from '#shared/auth/access.ts';
import type { CurrentUser, FundraiserOpening, StoryWriting } from '#shared/schemas/auth.ts';
import { AppError } from '#shared/errors.ts';
import type { UserRow } from '../db/queries/users.ts';

type Account = Pick<UserRow, 'role' | 'adminLevel' | 'emailVerifiedAt' | 'onboardingCompletedAt'>;

/** Stories are patients' own: a member without a role yet chooses one first. */
export function storyWriting(user: Account): StoryWriting {
  if (user.role === null) return 'choose-role';
  return user.role === 'patient' ? 'allowed' : 'not-a-patient';
}

/** Only a patient with a confirmed email and a finished profile may apply: the review must know who she is. */
export function fundraiserOpening(user: Account): FundraiserOpening {
  if (user.role !== null && user.role !== 'patient') return 'not-a-patient';
  // Without a role yet, her profile's questions come first: they make her a patient.
  if (user.role === null) return 'finish-profile';
  if (!user.emailVerifiedAt) return 'confirm-email';
  return user.onboardingCompletedAt ? 'allowed' : 'finish-profile';
}

const OPENING_REFUSALS: Record<Exclude<FundraiserOpening, 'allowed'>, string> = {
  'not-a-patient': 'Only patients can open a fundraiser',
  'finish-profile': 'Finish setting up your profile before you open a fundraiser',
  'confirm-email': 'Confirm your email address before you open a fundraiser',
};

/** Throws 403 with what stands in the way when she may not open a fundraiser. */
export function authorizeFundraiserOpening(user: Account): void {
  const opening = fundraiserOpening(user);
  if (opening !== 'allowed') throw new AppError('FORBIDDEN', OPENING_REFUSALS[opening]);
}

/** Everything the signed-in user's answer says she may do (GET /api/auth/user's `abilities`). */
export function accountAbilities(user: Account): CurrentUser['abilities'] {
  const person = { role: user.role, adminLevel: user.role === 'admin' ? user.adminLevel : null };
  return {
    writeStories: storyWriting(user),
    openFundraiser: fundraiserOpening(user),
    doctorDashboard: admits({ role: 'doctor' }, person),
    fundraiserPages: admits({ role: 'patient' }, person),
    carePlan: admits({ role: 'patient' }, person),
    giftsOnProfile: admits({ role: 'donor' }, person),
    // A member without a role yet answers the patient's questions too (onboarding), so she sees her consents.
    healthConsents: user.role === null || admits({ role: 'patient' }, person),
    twoFactorRequired: admits({ admin: 'moderator' }, person),
    manageAccounts: admits({ admin: 'super_admin' }, person),
  };
}
