/** The role picked on /get-started, kept for /register in session storage (the spec's key). */
import { ROLES, type Role } from '#shared/auth/roles.ts';

export const SELECTED_ROLE_KEY = 'selectedRole';

const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** The stored role, or null when there is none or it is not one of the four roles. */
export function readSelectedRole(): Role | null {
  try {
    const value = sessionStorage.getItem(SELECTED_ROLE_KEY);
    return isRole(value) ? value : null;
  } catch {
    // Storage can be blocked (privacy settings); then there is no stored role.
    return null;
  }
}

export function clearSelectedRole(): void {
  try {
    sessionStorage.removeItem(SELECTED_ROLE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

export function storeSelectedRole(role: Role): void {
  try {
    sessionStorage.setItem(SELECTED_ROLE_KEY, role);
  } catch {
    // Without storage /register sends the visitor back here; nothing better to do.
  }
}
