/**
 * A campaign's spending: its owner and managers see and submit its expenses; approving and releasing one take a
 * second person, never the one who submitted it nor the owner of its campaign (whose money it is).
 */
import type { Db } from '../db/client.ts';
import { ownsACampaign } from '../db/queries/uploads.ts';
import { AppError } from '#shared/errors.ts';
import type { ExpenseAbilities } from '#shared/schemas/spending.ts';
import { policy } from './policy.ts';
import { isAdminAtLeast, type Viewer } from './viewer.ts';

const isManager = (viewer: Viewer) => isAdminAtLeast(viewer, 'manager');

/** What the rules read of a campaign: its owner. */
export interface CampaignFacts {
  ownerId: string | null;
}

export const spendingPolicy = policy<CampaignFacts, 'seeExpenses'>({
  seeExpenses: {
    allows: (v, c) => (v !== null && c.ownerId === v.id) || isManager(v),
    refusal: "Only the campaign's owner and its managers can see and submit its expenses",
  },
});

/** What the rules read of an expense: who submitted it and whose campaign it is on. */
export interface ExpenseFacts {
  submittedBy: string | null;
  campaignOwnerId: string | null;
}

const secondPerson = (v: Viewer, e: ExpenseFacts) =>
  v !== null && isManager(v) && e.submittedBy !== v.id && e.campaignOwnerId !== v.id;
const needsSomeoneElse = (verb: string) => (e: ExpenseFacts, v: Viewer) =>
  e.submittedBy === v?.id
    ? `You submitted this expense, so someone else must ${verb} it`
    : e.campaignOwnerId === v?.id
      ? `This expense is from your own campaign, so someone else must ${verb} it`
      : 'You do not have access to this';

export const expensePolicy = policy<ExpenseFacts, 'approve' | 'release'>({
  approve: { allows: secondPerson, refusal: needsSomeoneElse('approve') },
  release: { allows: secondPerson, refusal: needsSomeoneElse('release') },
});

/** Whether `viewer` may approve and release the expense, and if not, why (shown where the button would be). */
export function expenseAbilities(viewer: Viewer, expense: ExpenseFacts): ExpenseAbilities {
  return {
    approve: expensePolicy.ability(viewer, 'approve', expense),
    release: expensePolicy.ability(viewer, 'release', expense),
  };
}

/** An invoice or proof of payment is uploaded by a manager or by someone who owns a campaign. */
export async function authorizeExpenseDocumentUpload(db: Db, viewer: NonNullable<Viewer>): Promise<void> {
  if (isManager(viewer) || (await ownsACampaign(db, viewer.id))) return;
  throw new AppError('FORBIDDEN', "Only a campaign's owner and its managers can upload expense documents");
}
