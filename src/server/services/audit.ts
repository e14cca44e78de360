/** The append-only audit log of admin writes. There is deliberately no update or delete here. */
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditTargetType } from '#shared/audit.ts';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export interface AuditEntry {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Records an admin write; call inside the same transaction as the write itself. */
export async function audit(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: request.user?.id ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: request.ip,
  });
}
