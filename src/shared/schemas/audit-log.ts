/** The audit log as managers read it (GET /api/admin/audit-log): every admin write, newest first. */
import { z } from 'zod';

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
