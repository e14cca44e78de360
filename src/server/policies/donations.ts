/**
 * A recorded gift: managers correct it (its descriptive fields), void it and refund it while it stands; a voided
 * gift is off the books, so it is "not found" to a correction and has nothing left to refund. What the database
 * guards itself (refunds within the gift, money already released) stays its own check.
 */
import { policy } from './policy.ts';
import { isAdminAtLeast, type Viewer } from './viewer.ts';

/** What the rules read of a gift. */
export interface DonationFacts {
  voidedAt: Date | null;
}

const isManager = (v: Viewer) => isAdminAtLeast(v, 'manager');
const standing = (v: Viewer, d: DonationFacts) => isManager(v) && d.voidedAt === null;
const onlyManagers = 'Only a manager can change a recorded gift';

export const donationPolicy = policy<DonationFacts, 'correct' | 'void' | 'refund'>({
  correct: {
    allows: standing,
    refusal: (_d, v) => (isManager(v) ? 'No such donation' : onlyManagers),
    code: (_d, v) => (isManager(v) ? 'NOT_FOUND' : 'FORBIDDEN'),
  },
  void: {
    allows: standing,
    refusal: (_d, v) => (isManager(v) ? 'No such donation' : onlyManagers),
    code: (_d, v) => (isManager(v) ? 'NOT_FOUND' : 'FORBIDDEN'),
  },
  refund: {
    allows: standing,
    refusal: (_d, v) => (isManager(v) ? 'This donation was voided; there is nothing to refund' : onlyManagers),
    code: (_d, v) => (isManager(v) ? 'CONFLICT' : 'FORBIDDEN'),
  },
});
