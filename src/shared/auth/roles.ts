/** Roles and admin levels (DESIGN.md section 4). */
export const ROLES = ['patient', 'doctor', 'donor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles anyone may choose for themselves; `admin` needs an invite. */
export const SELF_CHOSEN_ROLES = ['patient', 'doctor', 'donor'] as const;
export type SelfChosenRole = (typeof SELF_CHOSEN_ROLES)[number];

export const ADMIN_LEVELS = ['moderator', 'manager', 'super_admin'] as const;
export type AdminLevel = (typeof ADMIN_LEVELS)[number];

/** True when `level` is at least `minimum` (moderator < manager < super_admin). */
export function adminLevelAtLeast(level: AdminLevel | null | undefined, minimum: AdminLevel): boolean {
  if (!level) return false;
  return ADMIN_LEVELS.indexOf(level) >= ADMIN_LEVELS.indexOf(minimum);
}

/** The role badge on /register and /get-started (spec section 2). */
export const ROLE_DETAILS: Record<Role, { title: string; description: string }> = {
  patient: {
    title: 'Patient Account',
    description: 'Share your medical story, receive support and donations for your care.',
  },
  doctor: {
    title: 'Medical Professional Account',
    description: 'Offer professional support and guidance to patients in the community.',
  },
  donor: {
    title: 'Supporter Account',
    description: 'Give through donations and advocacy, and follow the journeys you support.',
  },
  admin: {
    title: 'Administrator Account',
    description: 'Manage platform operations and keep the community safe and trustworthy.',
  },
};
