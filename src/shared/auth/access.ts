/**
 * Who may call an endpoint, declared with it in its contract (src/shared/contract): anyone, any signed-in member,
 * a self-chosen role, or an admin of at least a level. An admin rule may add `stepUp: true` (the money moves): the
 * admin must also have re-entered her password lately. The server refuses to start with a route that has none.
 */
import type { AdminLevel, SelfChosenRole } from './roles.ts';

export type Access = 'public' | 'user' | { role: SelfChosenRole } | { admin: AdminLevel; stepUp?: true };
