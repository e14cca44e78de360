/**
 * Who is asking, as the policies read it: a signed-in person's id and role, and her admin level only when this
 * session proved her second factor (an admin without it is no admin here, as on the routes). Null: nobody.
 */
import { adminLevelAtLeast, type AdminLevel, type Role } from '#shared/auth/roles.ts';

export type Viewer = { id: string; role: Role | null; adminLevel: AdminLevel | null } | null;

/** Whether the viewer is an admin of at least `minimum` (with her second factor). */
export const isAdminAtLeast = (viewer: Viewer, minimum: AdminLevel): boolean =>
  viewer?.role === 'admin' && adminLevelAtLeast(viewer.adminLevel, minimum);
