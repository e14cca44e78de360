import { describe, expect, it } from 'vitest';
import type { AdminLevel, Role } from './roles.ts';
import { admits, type Access } from './access.ts';

const person = (role: Role | null, adminLevel: AdminLevel | null = null) => ({ role, adminLevel });
const patient = person('patient');
const doctor = person('doctor');
const donor = person('donor');
const newcomer = person(null);
const moderator = person('admin', 'moderator');
const manager = person('admin', 'manager');
const superAdmin = person('admin', 'super_admin');

describe('admits', () => {
  it('lets anyone, signed in or not, through a public rule', () => {
    for (const p of [null, newcomer, patient, superAdmin]) expect(admits('public', p)).toBe(true);
  });

  it('lets every signed-in person through a user rule, a newcomer without a role too, and nobody signed out', () => {
    expect(admits('user', null)).toBe(false);
    for (const p of [newcomer, patient, doctor, donor, moderator]) expect(admits('user', p)).toBe(true);
  });

  it('lets only the people of that role through a role rule (an admin is not a doctor)', () => {
    const rule: Access = { role: 'doctor' };
    expect(admits(rule, doctor)).toBe(true);
    for (const p of [null, newcomer, patient, donor, superAdmin]) expect(admits(rule, p)).toBe(false);
  });

  it('lets admins of the level or above through an admin rule: moderator < manager < super admin', () => {
    const rule: Access = { admin: 'manager' };
    expect(admits(rule, manager)).toBe(true);
    expect(admits(rule, superAdmin)).toBe(true);
    expect(admits(rule, moderator)).toBe(false);
    expect(admits({ admin: 'moderator' }, moderator)).toBe(true);
    expect(admits({ admin: 'super_admin' }, manager)).toBe(false);
  });

  it('refuses an admin rule to anyone who is not an admin, whatever admin level the record carries', () => {
    for (const p of [null, newcomer, patient, doctor, donor]) expect(admits({ admin: 'moderator' }, p)).toBe(false);
    expect(admits({ admin: 'moderator' }, person('patient', 'super_admin'))).toBe(false);
    expect(admits({ admin: 'moderator' }, person('admin', null))).toBe(false);
  });

  it('reads a step-up rule by role and level only: the re-entered password is the server’s to check', () => {
    expect(admits({ admin: 'manager', stepUp: true }, manager)).toBe(true);
    expect(admits({ admin: 'manager', stepUp: true }, moderator)).toBe(false);
  });
});
