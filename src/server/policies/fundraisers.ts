/**
 * A patient's fundraiser (decision 009). Its owner edits and submits her application while it is a draft or back
 * with her, withdraws it until it goes live, and runs it while live (updates, its story, money changes, closing).
 * Managers review a submitted one, decide a live one's money change and may close it. Someone else's fundraiser is
 * "not found" to a patient; a state in the way is a conflict (409) naming the state.
 */
import { FUNDRAISER_EDITABLE, type FundraiserAbilities, type FundraiserStatus } from '#shared/schemas/fundraisers.ts';
import { policy, type Rule } from './policy.ts';
import { isAdminAtLeast, type Viewer } from './viewer.ts';

/** What the rules read of a fundraiser. */
export interface FundraiserFacts {
  ownerId: string;
  status: FundraiserStatus;
  /** Whether a money change of hers waits for a manager. */
  revisionPending: boolean;
}

const STATUS_WORDS: Record<FundraiserStatus, string> = {
  draft: 'a draft',
  in_review: 'waiting for review',
  changes_requested: 'back with you for changes',
  live: 'live',
  rejected: 'not approved',
  closed: 'closed',
};

const isOwner = (v: Viewer, f: FundraiserFacts) => v !== null && v.id === f.ownerId;
const isManager = (v: Viewer) => isAdminAtLeast(v, 'manager');
const live = (f: FundraiserFacts) => f.status === 'live';

/** Her step: hers alone (else 404), while `stateAllows` (else 409 naming the state). */
function ownerRule(
  stateAllows: (f: FundraiserFacts) => boolean,
  what: string | ((f: FundraiserFacts) => string),
): Rule<FundraiserFacts> {
  const words = (f: FundraiserFacts) => (typeof what === 'string' ? what : what(f));
  return {
    allows: (v, f) => isOwner(v, f) && stateAllows(f),
    refusal: (f, v) =>
      isOwner(v, f)
        ? `Your fundraiser is ${STATUS_WORDS[f.status]}, so it cannot be ${words(f)}`
        : 'No such fundraiser',
    code: (f, v) => (isOwner(v, f) ? 'CONFLICT' : 'NOT_FOUND'),
  };
}

/** A manager's step: managers only (else 403), while `stateAllows` (else 409 with `inTheWay`'s words). */
function managerRule(
  stateAllows: (f: FundraiserFacts) => boolean,
  inTheWay: (f: FundraiserFacts) => string,
): Rule<FundraiserFacts> {
  return {
    allows: (v, f) => isManager(v) && stateAllows(f),
    refusal: (f, v) => (isManager(v) ? inTheWay(f) : 'Only a manager can decide on a fundraiser'),
    code: (_f, v) => (isManager(v) ? 'CONFLICT' : 'FORBIDDEN'),
  };
}

export const fundraiserPolicy = policy<FundraiserFacts, FundraiserAction>({
  edit: ownerRule((f) => FUNDRAISER_EDITABLE.includes(f.status), 'edited'),
  submit: ownerRule((f) => FUNDRAISER_EDITABLE.includes(f.status), 'submitted'),
  // Until it goes live; a live one is closed instead, and a finished one has nothing left to withdraw.
  withdraw: ownerRule(
    (f) => f.status === 'draft' || f.status === 'in_review' || f.status === 'changes_requested',
    (f) => (live(f) ? 'withdrawn; close it instead' : 'withdrawn'),
  ),
  postUpdate: ownerRule(live, 'updated'),
  editLiveStory: ownerRule(live, 'edited'),
  proposeMoneyChange: ownerRule(live, 'changed'),
  close: ownerRule(live, 'closed'),
  review: managerRule(
    (f) => f.status === 'in_review',
    (f) => `This fundraiser is ${STATUS_WORDS[f.status]}, so it cannot be reviewed now`,
  ),
  decideMoneyChange: managerRule(
    (f) => live(f) && f.revisionPending,
    () => 'This fundraiser has no money change waiting for review',
  ),
  closeAsManager: managerRule(live, () => 'Only a live fundraiser can be closed'),
});

export type FundraiserAction = keyof FundraiserAbilities | 'closeAsManager';

/** The facts of a stored fundraiser; `revisionPending` only matters to a manager's decision on a money change. */
export const fundraiserFacts = (
  row: { ownerId: string; status: FundraiserStatus },
  revisionPending = false,
): FundraiserFacts => ({ ownerId: row.ownerId, status: row.status, revisionPending });

/** What the viewer may do with the fundraiser now (its buttons): her steps as its owner, or a manager's. */
export function fundraiserAbilities(viewer: Viewer, fundraiser: FundraiserFacts): FundraiserAbilities {
  const can = (action: FundraiserAction) => fundraiserPolicy.can(viewer, action, fundraiser);
  return {
    edit: can('edit'),
    submit: can('submit'),
    withdraw: can('withdraw'),
    postUpdate: can('postUpdate'),
    editLiveStory: can('editLiveStory'),
    proposeMoneyChange: can('proposeMoneyChange'),
    close: can('close') || can('closeAsManager'),
    review: can('review'),
    decideMoneyChange: can('decideMoneyChange'),
  };
}
