import type { CurrentUser } from '#shared/schemas/auth.ts';
import type { UserRow } from '../services/sessions.ts';

/** The signed-in user's own view of their account (GET /api/auth/user). */
export function presentCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role ?? null,
    adminLevel: user.role === 'admin' ? (user.adminLevel ?? null) : null,
    profileImageUrl: user.profileImageUrl,
    onboardingCompleted: user.onboardingCompletedAt !== null,
    emailVerified: user.emailVerifiedAt !== null,
  };
}
