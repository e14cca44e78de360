/** User management (super_admin changes; managers may look). */
import { z } from 'zod';
import { ADMIN_LEVELS, ROLES } from '../auth/roles.ts';
import { EmailAddressSchema } from './auth.ts';
import { PageQuerySchema } from './paging.ts';

/** GET /api/admin/users: a page (as every list), optionally only the users whose address or name contains `q`. */
export const AdminUsersQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
});

export const ChangeRoleSchema = z
  .strictObject({
    role: z.enum(ROLES, { error: 'Choose a role' }),
    adminLevel: z.enum(ADMIN_LEVELS, { error: 'Choose an admin level' }).nullable().default(null),
  })
  .refine((v) => (v.role === 'admin') === (v.adminLevel !== null), {
    message: 'Admins need a level; other roles have none',
    path: ['adminLevel'],
  });

/** The longest reason for suspending an account. */
export const SUSPEND_REASON_MAX = 500;

export const SuspendSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(3, 'Say why the account is suspended')
    .max(SUSPEND_REASON_MAX, `Keep the reason under ${SUSPEND_REASON_MAX} characters`),
});

export const AdminInviteSchema = z.strictObject({
  adminLevel: z.enum(ADMIN_LEVELS, { error: 'Choose moderator, manager or super_admin' }),
  email: EmailAddressSchema.optional(),
});

/** GET /api/admin/users item (and the answer of a role change). */
export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES).nullable(),
  adminLevel: z.enum(ADMIN_LEVELS).nullable(),
  emailVerified: z.boolean(),
  onboardingCompleted: z.boolean(),
  status: z.enum(['active', 'suspended']),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** POST /api/admin/invites answer: the one-time link, shown once. */
export const AdminInviteLinkSchema = z.object({ link: z.string(), expiresAt: z.string() });
export type AdminInviteLink = z.infer<typeof AdminInviteLinkSchema>;
