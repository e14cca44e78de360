/**
 * Who may call an endpoint, declared with it in its contract (src/shared/contract): anyone, any signed-in member,
 * a self-chosen role, or an admin of at least a level. An admin rule may add `stepUp: true` (the money moves): the
 * admin must also have re-entered her password lately. The server refuses to start with a route that has none.
 * The client's pages and links declare theirs the same way and read them with `admits`.
 */
import { adminLevelAtLeast, type AdminLevel, type Role, type SelfChosenRole } from './roles.ts';

export type Access = 'public' | 'user' | { role: SelfChosenRole } | { admin: AdminLevel; stepUp?: true };

/** The person an access rule is read against: her role and admin level, or null when nobody is signed in. */
export type AccessPerson = { role: Role | null; adminLevel: AdminLevel | null } | null;

/**
 * Whether the rule lets this person in by her role and admin level. It does not check an admin's second factor or
 * step-up: the server does (with its own messages), and the admin pages' gate says what is missing.
 */
export function admits(access: Access, person: AccessPerson): boolean {
  if (access === 'public') return true;
  if (!person) return false;
  if (access === 'user') return true;
  if ('role' in access) return person.role === access.role;
  return person.role === 'admin' && adminLevelAtLeast(person.adminLevel, access.admin);
}
