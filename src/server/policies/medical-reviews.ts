/**
 * A medical review of a fundraiser: only a doctor the directory lists (verified) reads the application she was
 * asked to review and decides on it, and never on a fundraiser of her own.
 */
import { policy } from './policy.ts';

/** What the rules read of a review request: whether its doctor is listed, and whose fundraiser it is. */
export interface ReviewFacts {
  doctorListed: boolean;
  fundraiserOwnerId: string;
}

export const medicalReviewPolicy = policy<ReviewFacts, 'review'>({
  review: {
    allows: (v, r) => r.doctorListed && v !== null && r.fundraiserOwnerId !== v.id,
    refusal: (r) =>
      r.doctorListed ? 'You cannot review your own fundraiser' : 'Only verified doctors can review fundraisers',
  },
});
