/** Patients' fundraisers as their owner and the reviewing admins see them (nothing here is public). */
import {
  COST_GROUP_LABELS,
  type Fundraiser,
  type FundraiserQueueItem,
  type ReviewedFundraiser,
} from '#shared/schemas/fundraisers.ts';
import type {
  FundraiserAttachments,
  FundraiserDocumentRow,
  FundraiserRow,
  HistoryRow,
  QueueRow,
} from '../db/queries/fundraisers.ts';

const uploadUrl = (id: string) => `/api/uploads/${id}`;

export function presentFundraiser(row: FundraiserRow, { documents, slug }: FundraiserAttachments): Fundraiser {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    story: row.story,
    images: row.images.map(({ uploadId, alt }) => ({ uploadId, alt, url: uploadUrl(uploadId) })),
    costGroups: row.costGroups.map(({ key, amountCents, note }) => ({
      key,
      label: COST_GROUP_LABELS[key],
      amountCents,
      note,
    })),
    goalCents: row.goalCents,
    currency: 'USD',
    payee: row.payee && { name: row.payee.name, kind: row.payee.kind, route: row.payee.route },
    neededBy: row.neededBy,
    documents: documents.map(({ id, contentType, size }) => ({ id, contentType, size, url: uploadUrl(id) })),
    reviewMessage: row.reviewMessage,
    slug,
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
  slug: string | null;
  history: HistoryRow[];
}): ReviewedFundraiser {
  return {
    ...presentFundraiser(review.fundraiser, review),
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
