/** Patients' fundraisers as anyone may read them: an allow-list of the public fields, never documents or reviews. */
import { percentOfGoal } from '#shared/money.ts';
import { COST_GROUP_LABELS } from '#shared/schemas/fundraisers.ts';
import type { PublicFundraiser, PublicFundraiserSummary } from '#shared/schemas/public-fundraisers.ts';
import { excerpt } from '#shared/story-text.ts';
import type { PublicFundraiserListRow, PublicFundraiserRow } from '../db/queries/public-fundraisers.ts';
import type { ReviewingDoctorRow } from '../db/queries/medical-reviews.ts';
import type { FundraiserUpdateRow } from '../db/queries/live-fundraisers.ts';
import { storyHtml } from '../services/story-html.ts';
import { presentFundraiserUpdate } from './fundraiser.ts';
import { presentPublicMedicalReview } from './medical-review.ts';
import { shownName } from '#shared/community-name.ts';

const imageOf = ({ uploadId, alt }: { uploadId: string; alt: string }) => ({ url: `/api/uploads/${uploadId}`, alt });

export function presentPublicFundraiserSummary(row: PublicFundraiserListRow): PublicFundraiserSummary {
  const first = row.images[0];
  return {
    slug: row.slug,
    title: row.title ?? '',
    excerpt: excerpt(row.storyHead ?? ''),
    image: first ? imageOf(first) : null,
    goalCents: row.goalCents,
    raisedCents: row.raisedCents,
    donationCount: row.donationCount,
    percent: Math.floor(percentOfGoal(row.raisedCents, row.goalCents)),
    currency: 'USD',
    neededBy: row.neededBy,
    organiserName: shownName(row.organiser),
    medicallyReviewedBy: row.reviewerName ? `Dr. ${row.reviewerName}` : null,
  };
}

/** The story rendered to safe HTML once per text, as stories are (services/story-html.ts). */
export async function presentPublicFundraiser(
  { fundraiser: f, campaign, organiser }: PublicFundraiserRow,
  attestation?: ReviewingDoctorRow,
  updates: FundraiserUpdateRow[] = [],
): Promise<PublicFundraiser> {
  const story = f.story ?? '';
  return {
    slug: campaign.slug,
    campaignId: campaign.id,
    status: f.status === 'closed' ? 'closed' : 'live',
    title: f.title ?? '',
    story,
    storyHtml: await storyHtml(story),
    images: f.images.map(imageOf),
    costGroups: f.costGroups.map(({ key, amountCents, note }) => ({
      key,
      label: COST_GROUP_LABELS[key],
      amountCents,
      note,
    })),
    goalCents: campaign.goalCents,
    currency: 'USD',
    neededBy: f.neededBy,
    organiserName: shownName(organiser),
    payee: f.payee && { name: f.payee.name, kind: f.payee.kind },
    liveSince: campaign.createdAt.toISOString(),
    medicalReview: presentPublicMedicalReview(attestation),
    updates: updates.map(presentFundraiserUpdate),
  };
}
