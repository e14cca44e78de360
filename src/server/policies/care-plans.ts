/**
 * A care plan (decision 021): she keeps it; the people she let in, or any member when she says so, see it and claim
 * its dates; a signed-out visitor never sees it. What a helper sees of her (address, phone, dietary needs) is for a
 * helper with a standing claim that is not done yet. A plan someone may not see is "not found" to her.
 */
import type { CareCategory, CarePlanAudience } from '#shared/care-plan.ts';
import { AppError } from '#shared/errors.ts';
import type { Db, Tx } from '../db/client.ts';
import { helpingWith, isInCareCircle, type CarePlanRow } from '../db/queries/care-plans.ts';
import { policy } from './policy.ts';
import type { Viewer } from './viewer.ts';

/** What the rules read of a plan, for this viewer. */
export interface CarePlanFacts {
  patientId: string;
  audience: CarePlanAudience;
  /** The viewer is in her circle (by her link, or a follower she approved). */
  inCircle: boolean;
  /** The kinds of help the viewer has a standing claim on that is not done yet (none: she is not helping). */
  helpingWith: readonly CareCategory[];
}

const isHers = (v: Viewer, p: CarePlanFacts) => v !== null && v.id === p.patientId;
const seesPlan = (v: Viewer, p: CarePlanFacts) =>
  v !== null && (isHers(v, p) || p.inCircle || p.audience === 'members');
const noPlan = 'No such care plan';

export const carePlanPolicy = policy<CarePlanFacts, 'view' | 'claim' | 'seeHome' | 'seeMealNeeds'>({
  view: { allows: seesPlan, refusal: noPlan, code: 'NOT_FOUND' },
  claim: {
    allows: (v, p) => seesPlan(v, p) && !isHers(v, p),
    refusal: (p, v) => (isHers(v, p) ? 'This is your own plan: helpers claim its dates' : noPlan),
    code: (p, v) => (isHers(v, p) ? 'CONFLICT' : 'NOT_FOUND'),
  },
  /** Her address and phone: to her, and to a helper until her help is done. */
  seeHome: {
    allows: (v, p) => isHers(v, p) || (seesPlan(v, p) && p.helpingWith.length > 0),
    refusal: 'Her address is shown to helpers once they claim a date',
  },
  /** Her dietary needs and allergies: to her, and to a helper bringing a meal until it is done. */
  seeMealNeeds: {
    allows: (v, p) => isHers(v, p) || (seesPlan(v, p) && p.helpingWith.includes('meal')),
    refusal: 'Her dietary needs are shown to whoever brings a meal',
  },
});

/** What the rules read of her plan for this viewer, on `today` (her day). */
export async function carePlanFactsFor(
  db: Db | Tx,
  plan: CarePlanRow,
  viewer: Viewer,
  today: string,
): Promise<CarePlanFacts> {
  const other = viewer !== null && viewer.id !== plan.patientId;
  const [inCircle, helping] = other
    ? await Promise.all([isInCareCircle(db, plan.id, viewer.id), helpingWith(db, plan.id, viewer.id, today)])
    : [false, []];
  return { patientId: plan.patientId, audience: plan.audience, inCircle, helpingWith: helping };
}

const UNCONFIRMED_REFUSALS = {
  invite: 'Confirm your email address before you invite anyone',
  claim: 'Confirm your email address before you take a date: her address goes to whoever does',
} as const;

/**
 * What needs a confirmed email: her link mailed in her name (refused before anything is counted), and taking a date,
 * which sends her address to the helper's mail: a mistyped address must not carry it to a stranger.
 */
export function authorizeConfirmedEmail(
  account: { emailVerifiedAt: Date | null },
  action: keyof typeof UNCONFIRMED_REFUSALS,
): void {
  if (!account.emailVerifiedAt) throw new AppError('FORBIDDEN', UNCONFIRMED_REFUSALS[action]);
}
