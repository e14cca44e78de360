/** Accounts as the API shows them: to their owner, and to admins. */
import type { AdminUser } from '#shared/schemas/admin-users.ts';
import type { CurrentUser, SessionView } from '#shared/schemas/auth.ts';
import type { SessionRow, UserRow } from '../db/queries/users.ts';
import { shownName } from '#shared/community-name.ts';
import { accountAbilities } from '../policies/account.ts';
import { accountSnapshot } from '../services/audit.ts';

/** The signed-in user's own view of their account (GET /api/auth/user). */
export function presentCurrentUser(user: UserRow, session: SessionRow | null): CurrentUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    communityName: user.communityName,
    shownName: shownName(user),
    email: user.email,
    role: user.role ?? null,
    adminLevel: user.role === 'admin' ? (user.adminLevel ?? null) : null,
    profileImageUrl: user.profileImageUrl,
    onboardingCompleted: user.onboardingCompletedAt !== null,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
    twoFactorEnabled: user.totpEnabledAt !== null,
    twoFactorVerified: user.totpEnabledAt !== null && session?.secondFactorAt != null,
    abilities: accountAbilities(user),
  };
}

/** An account in the admin user list: the same fields the audit log's snapshots of it keep. */
export function presentAdminUser(user: UserRow): AdminUser {
  return accountSnapshot(user);
}

/** One of the signed-in user's sessions, as her session list shows it (no token, no address). */
export function presentSession(session: SessionRow, current: SessionRow | null): SessionView {
  return {
    id: session.id,
    device: session.userAgent,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === current?.id,
  };
}
