/** User management calls: the accounts list, role changes, suspension, confirmation mail and admin invites. */
import type { z } from 'zod';
import type { Page } from '#shared/schemas/paging.ts';
import type {
  AdminInviteLink,
  AdminInviteSchema,
  AdminUser,
  ChangeRoleSchema,
  SuspendSchema,
} from '#shared/schemas/admin-users.ts';
import { apiGet, apiRequest, withQuery } from '#client/lib/api.ts';

const USERS_PATH = '/api/admin/users';
export const USERS_KEY = [USERS_PATH] as const;

const userPath = (id: string, action: string) => `${USERS_PATH}/${encodeURIComponent(id)}/${action}`;

/** One page of the accounts, newest first; `q` searches names and email addresses. */
export const listUsers = (q: string, page: number) => apiGet<Page<AdminUser>>(withQuery(USERS_PATH, { q, page }));

/** Sets an account's role (and admin level for admins); the person's sessions end. */
export const changeRole = (id: string, input: z.input<typeof ChangeRoleSchema>) =>
  apiRequest<AdminUser>('PATCH', userPath(id, 'role'), input);

export const suspendUser = (id: string, input: z.input<typeof SuspendSchema>) =>
  apiRequest<AdminUser>('POST', userPath(id, 'suspend'), input);

export const restoreUser = (id: string) => apiRequest<AdminUser>('POST', userPath(id, 'restore'));

/** Mails the account a new link to confirm its email address. */
export const resendVerification = (id: string) => apiRequest<void>('POST', userPath(id, 'resend-verification'));

/** A one-time link to register as an admin of the given level (for one address, when given). */
export const createInvite = (input: z.input<typeof AdminInviteSchema>) =>
  apiRequest<AdminInviteLink>('POST', '/api/admin/invites', input);
