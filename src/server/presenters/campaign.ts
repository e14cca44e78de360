import { centsToDollars } from '#shared/money.ts';
import type { CampaignResponse, Progress } from '#shared/schemas/campaign.ts';
import type { CampaignRow, ProgressTotals } from '../services/campaign.ts';

export function presentCampaign(row: CampaignRow): CampaignResponse {
  return { id: row.id, content: row.content, updatedAt: row.updatedAt.toISOString() };
}

/** The spec's dollar fields plus exact cents. */
export function presentProgress(totals: ProgressTotals): Progress {
  return {
    goalAmount: centsToDollars(totals.goalCents),
    currentAmount: centsToDollars(totals.currentCents),
    donorCount: totals.donorCount,
    goalCents: totals.goalCents,
    currentCents: totals.currentCents,
    currency: 'USD',
  };
}
