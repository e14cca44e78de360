/** Patients' fundraisers as their owner and the reviewing admins see them (nothing here is public). */
import {
  COST_GROUP_LABELS,
  type Fundraiser,
  type FundraiserQueueItem,
  type ReviewedFundraiser,
} from '#shared/schemas/fundraisers.ts';
import type { FundraiserDocumentRow, FundraiserRow, HistoryRow, QueueRow } from '../db/queries/fundraisers.ts';

const uploadUrl = (id: string) => `/api/uploads/${id}`;

export function presentFundraiser(row: FundraiserRow, documents: FundraiserDocumentRow[]): Fundraiser {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    story: row.story,
    images: row.images.map((image) => ({ ...image, url: uploadUrl(image.uploadId) })),
    costGroups: row.costGroups.map((g) => ({ ...g, label: COST_GROUP_LABELS[g.key] })),
    goalCents: row.goalCents,
    currency: 'USD',
    payee: row.payee,
    documents: documents.map((d) => ({ ...d, url: uploadUrl(d.id) })),
    reviewMessage: row.reviewMessage,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ');

export function presentReviewedFundraiser(review: {
  fundraiser: FundraiserRow;
  owner: { id: string; firstName: string; lastName: string; email: string };
  documents: FundraiserDocumentRow[];
  history: HistoryRow[];
}): ReviewedFundraiser {
  return {
    ...presentFundraiser(review.fundraiser, review.documents),
    owner: { id: review.owner.id, name: fullName(review.owner), email: review.owner.email },
    history: review.history.map((h) => ({
      action: h.action,
      message: h.message,
      by: h.firstName === null ? null : fullName(h),
      at: h.createdAt.toISOString(),
    })),
  };
}

export function presentQueueItem({ fundraiser, ...owner }: QueueRow): FundraiserQueueItem {
  return {
    id: fundraiser.id,
    status: fundraiser.status,
    title: fundraiser.title,
    goalCents: fundraiser.goalCents,
    ownerName: fullName(owner),
    submittedAt: fundraiser.submittedAt?.toISOString() ?? null,
    updatedAt: fundraiser.updatedAt.toISOString(),
  };
}
