/** The audit log as managers read it (GET /api/admin/audit-log): every admin write, newest first. */
import { z } from 'zod';
import { PageQuerySchema } from './paging.ts';

/** One entry; `actorEmail` is null for a system write, or once the actor's account is deleted. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/admin/audit-log: a page of the entries, filtered by action, target type and actor. */
export const AuditLogQuerySchema = PageQuerySchema.extend({
  action: z.string().max(100).optional(),
  targetType: z.string().max(100).optional(),
  actorId: z.uuid('Not a valid id').optional(),
});
