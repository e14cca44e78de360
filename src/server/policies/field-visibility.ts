/**
 * Who sees each of a patient's health answers (issue 38, decision 020): herself and the admins (with their second
 * factor) see every field; anyone signed in (any role, a doctor she asked for a medical review too) the fields set to
 * members or public; a signed-out visitor the public ones. Only she sets them, and widening one beyond "only me"
 * needs her standing consent to sharing (decision 017).
 */
import { FIELD_VISIBILITY_REFUSALS, type FieldVisibility } from '#shared/field-visibility.ts';
import { policy } from './policy.ts';
import { isAdminAtLeast, type Viewer } from './viewer.ts';

/** What the rules read of one field of hers. */
export interface FieldFacts {
  ownerId: string;
  visibility: FieldVisibility;
}

/** What setting a field reads: whose it is, the level asked for, and whether her consent to sharing stands. */
export interface SetFieldFacts extends FieldFacts {
  sharing: boolean;
}

const isOwner = (v: Viewer, f: FieldFacts) => v !== null && v.id === f.ownerId;

export const fieldVisibilityPolicy = policy<FieldFacts, 'see'>({
  see: {
    allows: (v, f) =>
      isOwner(v, f) ||
      isAdminAtLeast(v, 'moderator') ||
      f.visibility === 'public' ||
      (f.visibility === 'members' && v !== null),
    refusal: 'No such field',
    code: 'NOT_FOUND',
  },
});

export const setFieldVisibilityPolicy = policy<SetFieldFacts, 'set'>({
  set: {
    allows: (v, f) => isOwner(v, f) && (f.visibility === 'only-me' || f.sharing),
    refusal: (f, v) => (isOwner(v, f) ? FIELD_VISIBILITY_REFUSALS.needsShare : 'No such field'),
    code: (f, v) => (isOwner(v, f) ? 'VALIDATION' : 'NOT_FOUND'),
  },
});
