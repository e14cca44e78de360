/** Patients' fundraisers as their owner and the reviewing admins see them (nothing here is public). */
import {
  COST_GROUP_LABELS,
  type Fundraiser,
  type FundraiserRevision,
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
import type { FundraiserUpdateRow, RevisionWithDocuments, StoryVersionRow } from '../db/queries/live-fundraisers.ts';

import { paragraphsOf } from '#shared/schemas/admin-campaign.ts';
import { fundraiserAbilities, fundraiserFacts } from '../policies/fundraisers.ts';
import type { Viewer } from '../policies/viewer.ts';
import type { FundraiserUpdate, LiveFundraiserExtras } from '#shared/schemas/live-fundraisers.ts';

const uploadUrl = (id: string) => `/api/uploads/${id}`;

const presentCostGroups = (groups: FundraiserRow['costGroups']) =>
  groups.map(({ key, amountCents, note }) => ({ key, label: COST_GROUP_LABELS[key], amountCents, note }));
const presentPayee = (payee: NonNullable<FundraiserRow['payee']>) => ({
  name: payee.name,
  kind: payee.kind,
  route: payee.route,
});
const presentDocuments = (documents: FundraiserDocumentRow[]) =>
  documents.map(({ id, contentType, size }) => ({ id, contentType, size, url: uploadUrl(id) }));

function presentRevision({ revision, documents }: RevisionWithDocuments): FundraiserRevision {
  return {
    id: revision.id,
    status: revision.status,
    costGroups: presentCostGroups(revision.costGroups),
    goalCents: revision.goalCents,
    payee: presentPayee(revision.payee),
    documents: presentDocuments(documents),
    proposedAt: revision.proposedAt.toISOString(),
    decidedAt: revision.decidedAt?.toISOString() ?? null,
    reviewMessage: revision.reviewMessage,
  };
}

export function presentFundraiser(
  row: FundraiserRow,
  { documents, slug, storyVersion, revision }: FundraiserAttachments,
  viewer: Viewer,
): Fundraiser {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    story: row.story,
    images: row.images.map(({ uploadId, alt }) => ({ uploadId, alt, url: uploadUrl(uploadId) })),
    costGroups: presentCostGroups(row.costGroups),
    goalCents: row.goalCents,
    currency: 'USD',
    payee: row.payee && presentPayee(row.payee),
    neededBy: row.neededBy,
    documents: presentDocuments(documents),
    reviewMessage: row.reviewMessage,
    slug,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    storyVersion,
    version: row.version,
    planVersion: row.planVersion,
    revision: revision && presentRevision(revision),
    abilities: fundraiserAbilities(viewer, fundraiserFacts(row, revision?.revision.status === 'pending')),
  };
}

const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ');

export function presentReviewedFundraiser(
  review: FundraiserAttachments & {
    fundraiser: FundraiserRow;
    owner: { id: string; firstName: string; lastName: string; email: string };
    history: HistoryRow[];
  },
  viewer: Viewer,
): ReviewedFundraiser {
  return {
    ...presentFundraiser(review.fundraiser, review, viewer),
    owner: { id: review.owner.id, name: fullName(review.owner), email: review.owner.email },
    history: review.history.map((h) => ({
      action: h.action,
      message: h.message,
      by: h.firstName === null ? null : fullName(h),
      at: h.createdAt.toISOString(),
    })),
  };
}

export function presentQueueItem({ fundraiser, revisionPending, ...owner }: QueueRow): FundraiserQueueItem {
  return {
    id: fundraiser.id,
    status: fundraiser.status,
    title: fundraiser.title,
    goalCents: fundraiser.goalCents,
    revisionPending,
    neededBy: fundraiser.neededBy,
    ownerName: fullName(owner),
    submittedAt: fundraiser.submittedAt?.toISOString() ?? null,
    updatedAt: fundraiser.updatedAt.toISOString(),
  };
}

/** Her updates and the earlier texts of her story, as she reads them on /my-fundraiser. */
export function presentLiveExtras(updates: FundraiserUpdateRow[], versions: StoryVersionRow[]): LiveFundraiserExtras {
  return {
    updates: updates.map(presentFundraiserUpdate),
    storyVersions: versions.map((v) => ({
      version: v.version,
      title: v.title,
      story: v.story,
      replacedAt: v.replacedAt.toISOString(),
    })),
  };
}

/** A dated update as anyone reads it: its text in paragraphs. */
export function presentFundraiserUpdate(u: FundraiserUpdateRow): FundraiserUpdate {
  return {
    id: u.id,
    title: u.title,
    paragraphs: paragraphsOf(u.body),
    postedAt: u.postedAt.toISOString(),
    contentNotes: u.contentNotes,
  };
}
