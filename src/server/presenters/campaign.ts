import { centsToDollars } from '#shared/money.ts';
import { publicDonorName, type CampaignResponse, type Progress, type Supporter } from '#shared/schemas/campaign.ts';
import type { AdminCampaign, CampaignOwner, CampaignVersionItem } from '#shared/schemas/admin-campaign.ts';
import type { VersionListRow } from '../db/queries/campaign.ts';
import type { MainAppealRow, ProgressTotals, SupporterRow } from '../services/campaign.ts';

export function presentCampaign(row: MainAppealRow): CampaignResponse {
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
    // Last-known figures while the database is unreachable say how old they are.
    ...(totals.asOf
      ? { asOf: totals.asOf.toISOString(), ageSeconds: Math.round((Date.now() - totals.asOf.getTime()) / 1000) }
      : {}),
  };
}

/** A gift on "Recent Supporters": name and message only with her consent, and a message a moderator hid never. */
export function presentSupporter(row: SupporterRow): Supporter {
  const name = publicDonorName(row);
  return {
    name: name ?? 'Anonymous',
    source: `via ${row.paymentMethod}`,
    amount: { cents: row.amountCents, currency: row.currency as Supporter['amount']['currency'] },
    ...(row.currency === 'USD' ? {} : { usdEstimateCents: row.usdCents }),
    ...(name && row.message && !row.messageHiddenAt ? { message: row.message } : {}),
    recordedAt: row.createdAt.toISOString(),
  };
}

/** The campaign's owner as the editor shows them: name and email, nothing else of the account. */
export function presentOwner(user: { id: string; firstName: string; lastName: string; email: string }): CampaignOwner {
  return { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email };
}

/** The campaign for its editor (super admins): the content with its version, and the owner. */
export function presentAdminCampaign(row: MainAppealRow, owner: CampaignOwner | null): AdminCampaign {
  return { id: row.id, version: row.version, content: row.content, updatedAt: row.updatedAt.toISOString(), owner };
}

/** Who published a version, by name; null for the seeded content or a deleted account. */
export function publisherName(first: string | null, last: string | null): string | null {
  return first === null ? null : `${first} ${last ?? ''}`.trim();
}

/** A version in the editor's list. */
export function presentCampaignVersion(r: VersionListRow): CampaignVersionItem {
  return {
    version: r.version,
    publishedBy: publisherName(r.firstName, r.lastName),
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  };
}
