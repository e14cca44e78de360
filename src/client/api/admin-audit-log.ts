/** The audit log's read: every admin write, newest first, filtered by action and target type. */
import * as admin from '#shared/contract/admin.ts';
import { call, keyOf } from '#client/lib/api.ts';

/** Every page's key starts with this, so one invalidation reaches every page. */
export const AUDIT_LOG_KEY = keyOf(admin.auditLog).slice(0, 2);

/** Empty filters mean "any". */
export interface AuditFilters {
  action: string;
  targetType: string;
}

/** One page of the entries matching the filters. */
export const listAuditEntries = (filters: AuditFilters, page: number) =>
  call(admin.auditLog, { query: { ...filters, page } });
