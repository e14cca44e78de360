/** Who sees each of a patient's health answers at each setting, and who may widen one (decision 020). */
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../tests/setup/refusal.ts';
import { FIELD_VISIBILITIES, FIELD_VISIBILITY_REFUSALS } from '#shared/field-visibility.ts';
import type { Viewer } from './viewer.ts';
import { fieldVisibilityPolicy, setFieldVisibilityPolicy } from './field-visibility.ts';

const VIEWERS: Record<string, Viewer> = {
  anonymous: null,
  member: { id: 'donor', role: 'donor', adminLevel: null },
  doctor: { id: 'doctor', role: 'doctor', adminLevel: null },
  herself: { id: 'her', role: 'patient', adminLevel: null },
  adminWithoutSecondFactor: { id: 'admin-1', role: 'admin', adminLevel: null },
  moderator: { id: 'admin-2', role: 'admin', adminLevel: 'moderator' },
  superAdmin: { id: 'admin-3', role: 'admin', adminLevel: 'super_admin' },
};

describe('the field visibility policy', () => {
  it('shows each setting to whom it says, and every field to herself and the admins', () => {
    const seen = Object.fromEntries(
      Object.entries(VIEWERS).map(([name, viewer]) => [
        name,
        FIELD_VISIBILITIES.filter((visibility) =>
          fieldVisibilityPolicy.can(viewer, 'see', { ownerId: 'her', visibility }),
        ),
      ]),
    );
    expect(seen).toEqual({
      anonymous: ['public'],
      member: ['members', 'public'],
      doctor: ['members', 'public'],
      herself: ['only-me', 'members', 'public'],
      // An admin's level counts only with her second factor, as on the routes.
      adminWithoutSecondFactor: ['members', 'public'],
      moderator: ['only-me', 'members', 'public'],
      superAdmin: ['only-me', 'members', 'public'],
    });
  });

  it('lets her narrow any field, and widen one only with her consent to sharing', () => {
    const her = VIEWERS.herself!;
    for (const visibility of FIELD_VISIBILITIES)
      expect(setFieldVisibilityPolicy.can(her, 'set', { ownerId: 'her', visibility, sharing: true })).toBe(true);
    expect(setFieldVisibilityPolicy.can(her, 'set', { ownerId: 'her', visibility: 'only-me', sharing: false })).toBe(
      true,
    );
    for (const visibility of ['members', 'public'] as const)
      expect(
        refusalOf(() => setFieldVisibilityPolicy.authorize(her, 'set', { ownerId: 'her', visibility, sharing: false })),
      ).toEqual(['VALIDATION', FIELD_VISIBILITY_REFUSALS.needsShare, undefined]);
  });

  it('lets nobody else set her fields, admins included', () => {
    for (const name of ['anonymous', 'member', 'doctor', 'superAdmin'])
      expect(
        refusalOf(() =>
          setFieldVisibilityPolicy.authorize(VIEWERS[name]!, 'set', {
            ownerId: 'her',
            visibility: 'only-me',
            sharing: true,
          }),
        ),
      ).toEqual(['NOT_FOUND', 'No such field', undefined]);
  });
});
