/** The audit log's read: every admin write, newest first, filtered by action and target type. */
import type { Page } from '#shared/schemas/paging.ts';
import type { AuditEntry } from '#shared/schemas/audit-log.ts';
import { apiGet, withQuery } from '#client/lib/api.ts';

const AUDIT_PATH = '/api/admin/audit-log';
export const AUDIT_LOG_KEY = [AUDIT_PATH] as const;

/** Empty filters mean "any". */
export interface AuditFilters {
  action: string;
  targetType: string;
}

/** One page of the entries matching the filters. */
export const listAuditEntries = (filters: AuditFilters, page: number) =>
  apiGet<Page<AuditEntry>>(withQuery(AUDIT_PATH, { ...filters, page }));
