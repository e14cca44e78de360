/** Decisions bind what their maker read (DESIGN.md section 6, decision 010). */
import { AppError } from '#shared/errors.ts';

/**
 * Refuses a decision (or an edit) made on a version of a record that is no longer current: 409 with the current
 * version, so its maker reads it again first. `what` names the record in the usual message ("This expense"), or
 * gives the whole message ({ message }).
 */
export function assertReadVersion(current: number, read: number, what: string | { message: string }): void {
  if (current !== read)
    throw AppError.stale(
      typeof what === 'string' ? `${what} changed since you opened it; read it again before you decide` : what.message,
      current,
    );
}
