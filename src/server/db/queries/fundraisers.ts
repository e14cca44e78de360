/** Read models of patients' fundraisers (decision 009): the owner's own, the admins' queue and one under review. */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, notInArray, or } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import type { AdminFundraiserList, FundraiserStatus } from '#shared/schemas/fundraisers.ts';
import type { CampaignContent } from '#shared/schemas/campaign.ts';
import type { Db, Tx } from '../client.ts';
import type { CampaignRow } from '../content-shape.ts';
import { campaigns, fundraiserDocuments, fundraiserEvents, fundraisers, uploads, users } from '../schema/index.ts';
import {
  hasPendingRevision,
  isOnPendingRevision,
  latestRevision,
  liveRecordsForExport,
  storyVersionOf,
  type RevisionWithDocuments,
} from './live-fundraisers.ts';
import { campaignIdOrSlug } from '../campaign-key.ts';
import { paged } from './paging.ts';
import { imagesInclude } from './stories.ts';

export type FundraiserRow = typeof fundraisers.$inferSelect;

/** A supporting document as its readers see it listed. */
export interface FundraiserDocumentRow {
  id: string;
  contentType: string;
  size: number;
}

/** States a fundraiser leaves for good; any other is "open" (one per patient). */
export const FINISHED: FundraiserStatus[] = ['rejected', 'closed'];

/** Her open fundraiser, if any, else her latest (a refused one shows her the reason); undefined if she never applied. */
export async function ownFundraiser(db: Db | Tx, ownerId: string): Promise<FundraiserRow | undefined> {
  const [open] = await db
    .select()
    .from(fundraisers)
    .where(and(eq(fundraisers.ownerId, ownerId), notInArray(fundraisers.status, FINISHED)));
  if (open) return open;
  const [latest] = await db
    .select()
    .from(fundraisers)
    .where(eq(fundraisers.ownerId, ownerId))
    .orderBy(desc(fundraisers.createdAt))
    .limit(1);
  return latest;
}

async function documentsOf(db: Db | Tx, fundraiserId: string): Promise<FundraiserDocumentRow[]> {
  return db
    .select({ id: uploads.id, contentType: uploads.contentType, size: uploads.size })
    .from(fundraiserDocuments)
    .innerJoin(uploads, eq(uploads.id, fundraiserDocuments.uploadId))
    .where(eq(fundraiserDocuments.fundraiserId, fundraiserId))
    .orderBy(asc(fundraiserDocuments.createdAt), asc(uploads.id));
}

/**
 * What her application shows besides its row: the documents, and once live its public address, the number of its
 * story's current text and its latest money change.
 */
export interface FundraiserAttachments {
  documents: FundraiserDocumentRow[];
  slug: string | null;
  storyVersion: number;
  revision: RevisionWithDocuments | null;
}

export async function attachmentsOf(db: Db | Tx, row: FundraiserRow): Promise<FundraiserAttachments> {
  const approved = row.campaignId !== null;
  const [documents, [campaign], storyVersion, revision] = await Promise.all([
    documentsOf(db, row.id),
    row.campaignId
      ? db.select({ slug: campaigns.slug }).from(campaigns).where(eq(campaigns.id, row.campaignId))
      : [undefined],
    approved ? storyVersionOf(db, row.id) : 1,
    approved ? latestRevision(db, row.id) : null,
  ]);
  return { documents, slug: campaign?.slug ?? null, storyVersion, revision };
}

export interface QueueRow {
  fundraiser: FundraiserRow;
  firstName: string;
  lastName: string;
  revisionPending: boolean;
}

/**
 * The admins' list in one state, oldest submission first (the longest waiting on top); `money_changes` lists the
 * live ones with a money change waiting for review.
 */
export function fundraiserQueuePage<Item>(
  db: Db,
  query: { status: AdminFundraiserList; page: number },
  present: (row: QueueRow) => Item,
) {
  const pending = hasPendingRevision(db, fundraisers.id);
  const inState =
    query.status === 'money_changes'
      ? and(eq(fundraisers.status, 'live'), pending)!
      : eq(fundraisers.status, query.status);
  return paged(
    { page: query.page, pageSize: ADMIN_LIST_PAGE_SIZE },
    (limit, offset) =>
      db
        .select({
          fundraiser: fundraisers,
          firstName: users.firstName,
          lastName: users.lastName,
          revisionPending: pending.mapWith(Boolean),
        })
        .from(fundraisers)
        .innerJoin(users, eq(users.id, fundraisers.ownerId))
        .where(inState)
        .orderBy(asc(fundraisers.submittedAt), asc(fundraisers.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(fundraisers).where(inState),
    present,
  );
}

export interface HistoryRow {
  action: string;
  message: string | null;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
}

/** One application as a reviewing admin reads it: the row, who applied, the documents and the history. */
export async function fundraiserForReview(db: Db, id: string) {
  const [row] = await db
    .select({
      fundraiser: fundraisers,
      owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      slug: campaigns.slug,
    })
    .from(fundraisers)
    .innerJoin(users, eq(users.id, fundraisers.ownerId))
    .leftJoin(campaigns, eq(campaigns.id, fundraisers.campaignId))
    .where(eq(fundraisers.id, id));
  // A draft is the patient's own until she submits it.
  if (!row || row.fundraiser.status === 'draft') throw new AppError('NOT_FOUND', 'No such fundraiser');
  const [documents, history] = await Promise.all([
    documentsOf(db, id),
    db
      .select({
        action: fundraiserEvents.action,
        message: fundraiserEvents.message,
        createdAt: fundraiserEvents.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(fundraiserEvents)
      .leftJoin(users, eq(users.id, fundraiserEvents.actorId))
      .where(eq(fundraiserEvents.fundraiserId, id))
      .orderBy(asc(fundraiserEvents.createdAt), asc(fundraiserEvents.id)),
  ]);
  const live = row.fundraiser.campaignId === null ? { storyVersion: 1, revision: null } : await liveAttachments(db, id);
  return { ...row, ...live, documents, history: history satisfies HistoryRow[] };
}

async function liveAttachments(db: Db, id: string) {
  const [storyVersion, revision] = await Promise.all([storyVersionOf(db, id), latestRevision(db, id)]);
  return { storyVersion, revision };
}

/**
 * Whether this upload is an image or document of an application the patient has submitted (in review or later):
 * what a reviewing manager may read. A draft's files, and files no application uses, are hers alone.
 */
export async function isOnSubmittedFundraiser(db: Db, uploadId: string): Promise<boolean> {
  const submitted = ne(fundraisers.status, 'draft');
  const [[document], [image]] = await Promise.all([
    db
      .select({ id: fundraisers.id })
      .from(fundraiserDocuments)
      .innerJoin(fundraisers, eq(fundraisers.id, fundraiserDocuments.fundraiserId))
      .where(and(eq(fundraiserDocuments.uploadId, uploadId), submitted))
      .limit(1),
    db
      .select({ id: fundraisers.id })
      .from(fundraisers)
      .where(and(imagesInclude(fundraisers.images, uploadId), submitted))
      .limit(1),
  ]);
  return document !== undefined || image !== undefined || (await isOnPendingRevision(db, uploadId));
}

/** Her fundraisers for her data export: each with its document ids and its history. */
export async function fundraisersForExport(db: Db, ownerId: string) {
  const rows = await db.select().from(fundraisers).where(eq(fundraisers.ownerId, ownerId));
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [documents, events, live] = await Promise.all([
    db.select().from(fundraiserDocuments).where(inArray(fundraiserDocuments.fundraiserId, ids)),
    db.select().from(fundraiserEvents).where(inArray(fundraiserEvents.fundraiserId, ids)),
    liveRecordsForExport(db, ids),
  ]);
  const of = <R extends { fundraiserId: string }>(records: R[], id: string) =>
    records.filter((r) => r.fundraiserId === id);
  return rows.map((row) => ({
    ...row,
    documentIds: documents.filter((d) => d.fundraiserId === row.id).map((d) => d.uploadId),
    history: of(events, row.id),
    updates: of(live.updates, row.id),
    storyVersions: of(live.storyVersions, row.id),
    moneyChanges: of(live.revisions, row.id),
  }));
}

/** A campaign as a gift's target: its name, owner, public page, and whether it takes gifts (a fundraiser while live). */
export interface GiftTarget {
  id: string;
  name: string;
  ownerId: string | null;
  /** Where its owner reads about it: the main appeal's transparency page, or the fundraiser's own page. */
  page: string;
  takesGifts: boolean;
}

/** The main appeal (or a campaign with its own content document) as a gift's target: it always takes gifts. */
export const appealTarget = (row: Pick<CampaignRow, 'id' | 'ownerId'> & { content: CampaignContent }): GiftTarget => ({
  id: row.id,
  name: row.content.name,
  ownerId: row.ownerId,
  page: '/transparency',
  takesGifts: true,
});

/**
 * `takesGifts` of giftTarget in SQL, over campaigns left-joined to their fundraiser: the main appeal (a campaign with
 * its own content and no fundraiser), or a live fundraiser's. A closed one is still a gift's target (a gift made before
 * it closed) but takes no new gifts.
 */
export const takesGifts = or(
  and(isNull(fundraisers.id), isNotNull(campaigns.content)),
  eq(fundraisers.status, 'live' satisfies FundraiserStatus),
)!;

/**
 * The campaign (by id or slug) if donors may know of it: the main appeal, or a fundraiser that is live or closed
 * (closed ones take no new intents). A fundraiser not yet live, or no such campaign: undefined.
 */
export async function giftTarget(db: Db | Tx, idOrSlug: string): Promise<GiftTarget | undefined> {
  const [row] = await db
    .select({
      id: campaigns.id,
      content: campaigns.content,
      ownerId: campaigns.ownerId,
      slug: campaigns.slug,
      title: fundraisers.title,
      status: fundraisers.status,
    })
    .from(campaigns)
    .leftJoin(fundraisers, eq(fundraisers.campaignId, campaigns.id))
    .where(campaignIdOrSlug(idOrSlug));
  if (!row) return undefined;
  const { id, ownerId, content } = row;
  if (row.status === null) return content ? appealTarget({ id, ownerId, content }) : undefined;
  if (row.status !== 'live' && row.status !== 'closed') return undefined;
  const page = `/fundraisers/${row.slug}`;
  return { id, name: row.title ?? 'Fundraiser', ownerId, page, takesGifts: row.status === 'live' };
}
