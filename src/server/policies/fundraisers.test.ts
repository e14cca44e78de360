/** What a fundraiser's owner and a manager may do with it in each of its states, and how a refusal answers. */
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../tests/setup/refusal.ts';
import { FUNDRAISER_STATUSES, type FundraiserStatus } from '#shared/schemas/fundraisers.ts';
import { fundraiserAbilities, fundraiserPolicy, type FundraiserFacts } from './fundraisers.ts';

const owner = { id: 'owner', role: 'patient' as const, adminLevel: null };
const otherPatient = { id: 'other', role: 'patient' as const, adminLevel: null };
const manager = { id: 'manager', role: 'admin' as const, adminLevel: 'manager' as const };
const moderator = { id: 'moderator', role: 'admin' as const, adminLevel: 'moderator' as const };
const fundraiser = (status: FundraiserStatus, revisionPending = false): FundraiserFacts => ({
  ownerId: 'owner',
  status,
  revisionPending,
});
const allowed = (viewer: Parameters<typeof fundraiserAbilities>[0], facts: FundraiserFacts) =>
  Object.entries(fundraiserAbilities(viewer, facts))
    .filter(([, yes]) => yes)
    .map(([action]) => action);

describe('the fundraiser policy', () => {
  it("gives the owner each step her fundraiser's state allows", () => {
    const steps = Object.fromEntries(FUNDRAISER_STATUSES.map((s) => [s, allowed(owner, fundraiser(s))]));
    expect(steps).toEqual({
      draft: ['edit', 'submit', 'withdraw'],
      in_review: ['withdraw'],
      changes_requested: ['edit', 'submit', 'withdraw'],
      live: ['postUpdate', 'editLiveStory', 'proposeMoneyChange', 'close'],
      rejected: [],
      closed: [],
    });
  });

  it('gives a manager the review of a submitted one, and a live one’s money change and closing', () => {
    expect(allowed(manager, fundraiser('in_review'))).toEqual(['review']);
    expect(allowed(manager, fundraiser('live'))).toEqual(['close']);
    expect(allowed(manager, fundraiser('live', true))).toEqual(['close', 'decideMoneyChange']);
    expect(allowed(manager, fundraiser('draft'))).toEqual([]);
  });

  it('gives another patient and a moderator nothing', () => {
    for (const status of FUNDRAISER_STATUSES) {
      expect(allowed(otherPatient, fundraiser(status, true))).toEqual([]);
      expect(allowed(moderator, fundraiser(status, true))).toEqual([]);
    }
  });

  it("answers someone else's fundraiser as not found, and her own in the wrong state as a conflict naming it", () => {
    expect(refusalOf(() => fundraiserPolicy.authorize(otherPatient, 'edit', fundraiser('draft')))).toEqual([
      'NOT_FOUND',
      'No such fundraiser',
      undefined,
    ]);
    expect(refusalOf(() => fundraiserPolicy.authorize(owner, 'edit', fundraiser('in_review')))?.[1]).toBe(
      'Your fundraiser is waiting for review, so it cannot be edited',
    );
  });

  it('refuses a manager’s step on a changed state with the version to read again, and a non-manager with 403', () => {
    expect(refusalOf(() => fundraiserPolicy.authorize(manager, 'review', fundraiser('live'), 7))).toEqual([
      'CONFLICT',
      'This fundraiser is live, so it cannot be reviewed now',
      7,
    ]);
    expect(refusalOf(() => fundraiserPolicy.authorize(moderator, 'review', fundraiser('in_review'), 7))?.[0]).toBe(
      'FORBIDDEN',
    );
  });
});
