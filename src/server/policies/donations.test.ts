/** Who may correct, void and refund a recorded gift, and how a refusal answers. */
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../tests/setup/refusal.ts';
import { donationPolicy } from './donations.ts';

const manager = { id: 'manager', role: 'admin' as const, adminLevel: 'manager' as const };
const moderator = { id: 'moderator', role: 'admin' as const, adminLevel: 'moderator' as const };
const donor = { id: 'donor', role: 'donor' as const, adminLevel: null };
const standing = { voidedAt: null };
const voided = { voidedAt: new Date() };

describe('the donation policy', () => {
  it('lets only managers correct, void and refund a gift that stands', () => {
    for (const action of ['correct', 'void', 'refund'] as const) {
      expect(donationPolicy.can(manager, action, standing)).toBe(true);
      expect(donationPolicy.can(manager, action, voided)).toBe(false);
      expect(donationPolicy.can(moderator, action, standing)).toBe(false);
      expect(donationPolicy.can(donor, action, standing)).toBe(false);
    }
  });

  it('answers a correction of a voided gift as not found, and its refund as a stale read with its version', () => {
    expect(refusalOf(() => donationPolicy.authorize(manager, 'void', voided))).toEqual([
      'NOT_FOUND',
      'No such donation',
      undefined,
    ]);
    expect(refusalOf(() => donationPolicy.authorize(manager, 'refund', voided, 3))).toEqual([
      'CONFLICT',
      'This donation was voided; there is nothing to refund',
      3,
    ]);
    expect(refusalOf(() => donationPolicy.authorize(moderator, 'refund', standing, 3))?.[0]).toBe('FORBIDDEN');
  });
});
