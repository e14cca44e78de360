/** Who sees a care plan, who claims its dates, and who sees her address and her dietary needs (decision 021). */
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../tests/setup/refusal.ts';
import { carePlanPolicy, type CarePlanFacts } from './care-plans.ts';

const patient = { id: 'patient', role: 'patient' as const, adminLevel: null };
const member = { id: 'member', role: 'donor' as const, adminLevel: null };
const admin = { id: 'admin', role: 'admin' as const, adminLevel: 'super_admin' as const };
const plan = (facts: Partial<CarePlanFacts> = {}): CarePlanFacts => ({
  patientId: 'patient',
  audience: 'circle',
  inCircle: false,
  helpingWith: [],
  ...facts,
});

describe('the care plan policy', () => {
  it('shows a circle plan to her and her circle only: not a signed-out visitor, another member or an admin', () => {
    expect(carePlanPolicy.can(patient, 'view', plan())).toBe(true);
    expect(carePlanPolicy.can(member, 'view', plan({ inCircle: true }))).toBe(true);
    expect(carePlanPolicy.can(member, 'view', plan())).toBe(false);
    expect(carePlanPolicy.can(admin, 'view', plan())).toBe(false);
    expect(carePlanPolicy.can(null, 'view', plan({ audience: 'members' }))).toBe(false);
    expect(carePlanPolicy.can(member, 'view', plan({ audience: 'members' }))).toBe(true);
    expect(refusalOf(() => carePlanPolicy.authorize(member, 'view', plan()))).toEqual([
      'NOT_FOUND',
      'No such care plan',
      undefined,
    ]);
  });

  it('lets those who see it claim its dates, but not her own', () => {
    expect(carePlanPolicy.can(member, 'claim', plan({ inCircle: true }))).toBe(true);
    expect(refusalOf(() => carePlanPolicy.authorize(patient, 'claim', plan()))).toEqual([
      'CONFLICT',
      'This is your own plan: helpers claim its dates',
      undefined,
    ]);
  });

  it('shows her home to a helper with help not done yet, and her dietary needs only to one bringing a meal', () => {
    const riding = plan({ inCircle: true, helpingWith: ['ride'] });
    const cooking = plan({ inCircle: true, helpingWith: ['meal'] });
    expect(carePlanPolicy.can(member, 'seeHome', plan({ inCircle: true }))).toBe(false);
    expect(carePlanPolicy.can(member, 'seeHome', riding)).toBe(true);
    expect(carePlanPolicy.can(member, 'seeMealNeeds', riding)).toBe(false);
    expect(carePlanPolicy.can(member, 'seeMealNeeds', cooking)).toBe(true);
    // Out of her circle now, a claim still standing shows nothing.
    expect(carePlanPolicy.can(member, 'seeHome', plan({ helpingWith: ['ride'] }))).toBe(false);
    expect(carePlanPolicy.can(patient, 'seeHome', plan())).toBe(true);
  });
});
