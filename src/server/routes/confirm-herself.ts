/**
 * The one check before a sensitive change while signed in (adding a passkey, two-step settings, changing, setting
 * or removing the password, deleting the account): her password again, or, with none given, a passkey
 * confirmation made on this session within the last few minutes (POST /api/user/reauth/passkey), which the change
 * spends (decision 016). A member without a password has only the second.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';
import { CONFIRM_WITH_PASSKEY, CONFIRM_WITH_PASSWORD_OR_PASSKEY } from '#shared/schemas/passkeys.ts';
import { spendReauthentication } from '../commands/step-up.ts';
import type { UserRow } from '../db/queries/users.ts';
import { confirmPassword } from '../services/account-limits.ts';

/** How long a passkey confirmation stands for the one change it is for. */
export const REAUTH_MS = 5 * 60 * 1000;

export interface Confirmation {
  /** The re-entered password, or undefined when she confirmed with a passkey. */
  password: string | undefined;
  /** The refusal of a wrong password (by default a field error on `password`). */
  wrong?: () => AppError;
  /** The field a missing confirmation is reported on. */
  field?: string;
}

export async function confirmHerself(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  me: UserRow,
  { password, wrong, field = 'password' }: Confirmation,
): Promise<void> {
  // A password given is checked even when she has none: the same work and the same refusal as a wrong one.
  if (password !== undefined) return confirmPassword(app.accountLimits, me, password, reply, wrong);
  const session = request.session;
  if (!session || !(await request.run(spendReauthentication, session.id, REAUTH_MS)))
    throw new AppError('VALIDATION', me.passwordHash ? CONFIRM_WITH_PASSWORD_OR_PASSKEY : CONFIRM_WITH_PASSKEY, field);
}
