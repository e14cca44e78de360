/** Read model of the audit log as managers read it: every admin write, newest first. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import type { Db } from '../client.ts';
import { auditLog, users } from '../schema/index.ts';
import { paged } from './paging.ts';

export interface AuditLogQuery {
  page: number;
  action?: string | undefined;
  targetType?: string | undefined;
  actorId?: string | undefined;
}

/** An allow-list of columns, with the actor's email (null once their account is deleted), newest first. */
function entries(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorEmail: users.email,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

export type AuditEntryRow = Awaited<ReturnType<typeof entries>>[number];

/** One page of entries matching every filter given, newest first. */
export function auditLogPage<Item>(db: Db, query: AuditLogQuery, present: (row: AuditEntryRow) => Item) {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.targetType) filters.push(eq(auditLog.targetType, query.targetType));
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  const where = filters.length ? and(...filters) : undefined;
  return paged(
    { page: query.page, pageSize: ADMIN_LIST_PAGE_SIZE },
    (limit, offset) => entries(db, where, limit, offset),
    () => db.select({ n: count() }).from(auditLog).where(where),
    present,
  );
}
