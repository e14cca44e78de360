/** The append-only audit log of admin writes. There is deliberately no update or delete here. */
import type { AuditAction, AuditTargetType } from '#shared/audit.ts';
import type { AdminUser } from '#shared/schemas/admin-users.ts';
import type { Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { UserRow } from './sessions.ts';

/** Who makes a write: the signed-in person (null for a script or the system) and the address they came from. */
export interface Actor {
  id: string | null;
  ip: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Records an admin write, in the transaction of the write itself (a command's ctx.tx). */
export const audit = (tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> => auditEach(tx, [{ actor, entry }]);

/** Records several writes, each with who made it, in one statement (a batch of processors' events). */
export async function auditEach(tx: Tx, writes: readonly { actor: Actor; entry: AuditEntry }[]): Promise<void> {
  if (writes.length === 0) return;
  await tx.insert(auditLog).values(
    writes.map(({ actor, entry }) => ({
      actorId: actor.id,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: actor.ip,
    })),
  );
}

/** An account as admins see it: in the audit log's before/after snapshots and in the admin user list. */
export function accountSnapshot(u: UserRow): AdminUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    adminLevel: u.role === 'admin' ? u.adminLevel : null,
    emailVerified: u.emailVerifiedAt !== null,
    onboardingCompleted: u.onboardingCompletedAt !== null,
    status: u.status,
    createdAt: u.createdAt.toISOString(),
  };
}
