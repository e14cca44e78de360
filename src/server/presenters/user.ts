import type { CurrentUser } from '#shared/schemas/auth.ts';
import type { SessionRow, UserRow } from '../services/sessions.ts';

/** The signed-in user's own view of their account (GET /api/auth/user). */
export function presentCurrentUser(user: UserRow, session: SessionRow | null): CurrentUser {
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
    twoFactorEnabled: user.totpEnabledAt !== null,
    twoFactorVerified: user.totpEnabledAt !== null && session?.secondFactorAt != null,
  };
}
