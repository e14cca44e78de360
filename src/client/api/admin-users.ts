/** User management calls: the accounts list, role changes, suspension, confirmation mail and admin invites. */
import type { z } from 'zod';
import type { AdminInviteSchema, ChangeRoleSchema, SuspendSchema } from '#shared/schemas/admin-users.ts';
import * as admin from '#shared/contract/admin.ts';
import { call, keyOf } from '#client/lib/api.ts';

/** Every page's key starts with this, so one invalidation reaches every page. */
export const USERS_KEY = keyOf(admin.users).slice(0, 2);
export const usersKey = (q: string, page: number) => keyOf(admin.users, { query: { q, page } });

/** One page of the accounts, newest first; `q` searches names and email addresses. */
export const listUsers = (q: string, page: number) => call(admin.users, { query: { q, page } });

/** Sets an account's role (and admin level for admins); the person's sessions end. */
export const changeRole = (id: string, input: z.input<typeof ChangeRoleSchema>) =>
  call(admin.changeRole, { params: { id }, body: input });

export const suspendUser = (id: string, input: z.input<typeof SuspendSchema>) =>
  call(admin.suspendUser, { params: { id }, body: input });

export const restoreUser = (id: string) => call(admin.restoreUser, { params: { id } });

/** Mails the account a new link to confirm its email address. */
export const resendVerification = (id: string) => call(admin.resendVerification, { params: { id } });

/** A one-time link to register as an admin of the given level (for one address, when given). */
export const createInvite = (input: z.input<typeof AdminInviteSchema>) => call(admin.createInvite, { body: input });
