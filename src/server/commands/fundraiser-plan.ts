/**
 * A fundraiser's plan: its cost groups (and so its goal), its payee and its documents. A doctor attests the plan as
 * it stands, so whatever changes it (a draft's save, a live fundraiser's approved money change) goes through here.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import type { FundraiserRow } from '../db/queries/fundraisers.ts';
import { fundraiserDocuments, fundraisers } from '../db/schema/index.ts';
import { settleReviewsAfterPlanChange } from './medical-reviews.ts';
import type { CommandContext } from './run.ts';

/** Whether the fundraiser's plan (cost groups, payee, attached documents) is not the one given. */
export async function planDiffers(
  tx: Tx,
  row: FundraiserRow,
  columns: Pick<FundraiserRow, 'costGroups' | 'payee'>,
  documentIds: string[],
): Promise<boolean> {
  const attached = await tx
    .select({ id: fundraiserDocuments.uploadId })
    .from(fundraiserDocuments)
    .where(eq(fundraiserDocuments.fundraiserId, row.id));
  // Field by field: jsonb gives objects back with their keys in its own order.
  const plan = (groups: FundraiserRow['costGroups'], payee: FundraiserRow['payee'], documents: string[]) =>
    JSON.stringify([
      groups.map((g) => [g.key, g.amountCents, g.note]),
      payee && [payee.name, payee.kind, payee.route],
      [...documents].sort(),
    ]);
  return (
    plan(
      row.costGroups,
      row.payee,
      attached.map((d) => d.id),
    ) !== plan(columns.costGroups, columns.payee, documentIds)
  );
}

/**
 * What follows a change of a fundraiser's plan (a draft's, or a live one's approved money change): its plan version
 * moves (a doctor's decision names the version she read), a doctor's attestation of the plan as it stood is
 * withdrawn, a doctor still asked is told, and their notices are mailed after the commit. Call it before the
 * statement that writes the new plan, so that statement returns the new version.
 */
export async function planChanged(
  ctx: Pick<CommandContext, 'tx' | 'now' | 'afterCommit'>,
  fundraiserId: string,
): Promise<void> {
  await ctx.tx
    .update(fundraisers)
    .set({ planVersion: sql`${fundraisers.planVersion} + 1` })
    .where(eq(fundraisers.id, fundraiserId));
  const notices = await settleReviewsAfterPlanChange(
    ctx,
    fundraiserId,
    'The fundraiser’s goal, payee or documents changed.',
  );
  ctx.afterCommit.mailNotifications(notices);
}
