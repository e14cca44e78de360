/** What each kind of account may start and which of her own pages are hers, as the signed-in user's answer says. */
import { describe, expect, it } from 'vitest';
import type { AdminLevel, Role } from '#shared/auth/roles.ts';
import { accountAbilities } from './account.ts';

const settled = { emailVerifiedAt: new Date(), onboardingCompletedAt: new Date() };

describe('account abilities', () => {
  it('give each role its own pages, and only super admins the accounts', () => {
    const of = (role: Role | null, adminLevel: AdminLevel | null = null) => {
      const { writeStories: _w, openFundraiser: _o, ...pages } = accountAbilities({ role, adminLevel, ...settled });
      return pages;
    };
    const none = {
      doctorDashboard: false,
      fundraiserPages: false,
      carePlan: false,
      giftsOnProfile: false,
      healthConsents: false,
      twoFactorRequired: false,
      manageAccounts: false,
    };
    expect(of('patient')).toEqual({ ...none, fundraiserPages: true, carePlan: true, healthConsents: true });
    expect(of('doctor')).toEqual({ ...none, doctorDashboard: true });
    expect(of('donor')).toEqual({ ...none, giftsOnProfile: true });
    expect(of(null)).toEqual({ ...none, healthConsents: true });
    expect(of('admin', 'moderator')).toEqual({ ...none, twoFactorRequired: true });
    expect(of('admin', 'super_admin')).toEqual({ ...none, twoFactorRequired: true, manageAccounts: true });
  });

  it('name what stands between a patient and her fundraiser, in the order the server refuses', () => {
    expect(accountAbilities({ role: 'patient', adminLevel: null, ...settled }).openFundraiser).toBe('allowed');
    const unconfirmed = {
      role: 'patient' as const,
      adminLevel: null,
      emailVerifiedAt: null,
      onboardingCompletedAt: null,
    };
    expect(accountAbilities(unconfirmed).openFundraiser).toBe('confirm-email');
    expect(accountAbilities({ ...settled, role: 'donor', adminLevel: null }).openFundraiser).toBe('not-a-patient');
    expect(accountAbilities({ ...settled, role: null, adminLevel: null }).writeStories).toBe('choose-role');
  });
});
