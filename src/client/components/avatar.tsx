/** The user's picture, or the first letters of their first and last name when there is none. */
import type { CurrentUser } from '#shared/schemas/auth.ts';

type AvatarUser = Pick<CurrentUser, 'firstName' | 'lastName' | 'profileImageUrl'>;

export function initials(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  const first = [...user.firstName.trim()][0] ?? '';
  const last = [...user.lastName.trim()][0] ?? '';
  return `${first}${last}`.toUpperCase() || '?';
}

const SIZES = { md: 'h-9 w-9 text-sm', lg: 'h-16 w-16 text-xl' } as const;

/** Decorative: whatever shows it also shows (or announces) the name. */
export function Avatar({ user, size = 'md' }: { user: AvatarUser; size?: keyof typeof SIZES }) {
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" className={`${SIZES[size]} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-initials"
      className={`${SIZES[size]} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900`}
    >
      {initials(user)}
    </span>
  );
}

export const ROLE_LABELS = { patient: 'Patient', doctor: 'Doctor', donor: 'Donor', admin: 'Administrator' } as const;
export const ADMIN_LEVEL_LABELS = { moderator: 'Moderator', manager: 'Manager', super_admin: 'Super admin' } as const;

/** "Patient", "Doctor", "Administrator (Super admin)"...; "Member" before a role is chosen. */
export function roleLabel(user: Pick<CurrentUser, 'role' | 'adminLevel'>): string {
  if (!user.role) return 'Member';
  // eslint-disable-next-line no-restricted-syntax -- the account menu's label names her role; it decides nothing
  if (user.role === 'admin' && user.adminLevel) return `${ROLE_LABELS.admin} (${ADMIN_LEVEL_LABELS[user.adminLevel]})`;
  return ROLE_LABELS[user.role];
}
