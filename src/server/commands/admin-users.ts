/** User management by super admins: roles and levels, suspension and restoring, a new verification link. */
import { eq } from 'drizzle-orm';
import type { AuditAction } from '#shared/audit.ts';
import type { AdminLevel, Role } from '#shared/auth/roles.ts';
import { AppError } from '#shared/errors.ts';
import { findUserById, type UserRow } from '../db/queries/users.ts';
import { sessions, users } from '../db/schema/index.ts';
import { accountSnapshot, audit } from '../services/audit.ts';
import { assertNotLastSuperAdmin, mailVerificationLink, type LinkSettings } from './accounts.ts';
import type { CommandContext } from './run.ts';

/** Changes a user with its audit entry; the last active super admin stays one. */
async function changeUser(
  { tx, actor, now }: CommandContext,
  id: string,
  action: AuditAction,
  patch: Partial<Pick<UserRow, 'role' | 'adminLevel' | 'status'>>,
  reason?: string,
): Promise<UserRow> {
  const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!before) throw new AppError('NOT_FOUND', 'No such user');
  await assertNotLastSuperAdmin(
    tx,
    before,
    { ...before, ...patch },
    'This is the last super admin; make someone else a super admin first',
  );
  const [updated] = await tx
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  // A change of privilege or a suspension ends the person's sessions: they sign in again under the new rules.
  await tx.delete(sessions).where(eq(sessions.userId, id));
  await audit(tx, actor, {
    action,
    targetType: 'user',
    targetId: id,
    before: accountSnapshot(before),
    after: { ...accountSnapshot(updated!), ...(reason ? { reason } : {}) },
  });
  return updated!;
}

/** Gives a user a role, and an admin level when the role is admin. */
export function setUserRole(ctx: CommandContext, id: string, change: { role: Role; adminLevel: AdminLevel | null }) {
  return changeUser(ctx, id, 'user.role', { role: change.role, adminLevel: change.adminLevel });
}

/** Suspends an account (never one's own), with the reason in the audit entry. */
export function suspendUser(ctx: CommandContext, id: string, reason: string) {
  if (id === ctx.actor.id) throw new AppError('CONFLICT', 'You cannot suspend your own account');
  return changeUser(ctx, id, 'user.suspend', { status: 'suspended' }, reason);
}

/** Lets a suspended account sign in again. */
export function restoreUser(ctx: CommandContext, id: string) {
  return changeUser(ctx, id, 'user.restore', { status: 'active' });
}

/** Mails a user whose address is not confirmed yet a new verification link, with an audit entry. */
export async function resendVerificationFor(ctx: CommandContext, links: LinkSettings, id: string): Promise<void> {
  const user = await findUserById(ctx.tx, id);
  if (!user) throw new AppError('NOT_FOUND', 'No such user');
  if (user.emailVerifiedAt) throw new AppError('CONFLICT', 'This email address is already confirmed');
  await mailVerificationLink(ctx, links, user);
  await audit(ctx.tx, ctx.actor, { action: 'user.resend_verification', targetType: 'user', targetId: user.id });
}
