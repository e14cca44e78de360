/** Decisions bind what their maker read (DESIGN.md section 6, decision 010). */
import { AppError } from '#shared/errors.ts';

/**
 * Refuses a decision made on a version of a record that is no longer current: 409 with the current version, so the
 * decider reads it again first. `what` names the record in the message ("This expense").
 */
export function assertReadVersion(current: number, read: number, what: string): void {
  if (current !== read)
    throw AppError.stale(`${what} changed since you opened it; read it again before you decide`, current);
}
