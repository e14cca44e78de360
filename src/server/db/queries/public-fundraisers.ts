/**
 * Read models of patients' fundraisers as the public sees them (decision 009): the live list, one live or closed
 * fundraiser, which of their files are public, and the records the sitemap names. Nothing here reads a draft, an
 * application in review or a refused one.
 */
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FundraiserStatus } from '#shared/schemas/fundraisers.ts';
import {
  FUNDRAISERS_PAGE_SIZE,
  type FundraiserSort,
  type PublicFundraisersQuery,
} from '#shared/schemas/public-fundraisers.ts';
import type { Db } from '../client.ts';
import {
  campaigns,
  doctorProfiles,
  fundraisers,
  ledgerBalances,
  medicalReviews,
  stories,
  users,
} from '../schema/index.ts';
import { containing, listed } from './doctors.ts';
import { attestationStands } from './medical-reviews.ts';
import type { FundraiserRow } from './fundraisers.ts';
import { paged } from './paging.ts';
import { imagesInclude, isListedStory } from './stories.ts';

/** The states in which a fundraiser's page is public: live, and closed (readable with its ledger, no new gifts). */
export const PUBLIC_FUNDRAISER_STATUSES: FundraiserStatus[] = ['live', 'closed'];
const isPublicFundraiser = inArray(fundraisers.status, PUBLIC_FUNDRAISER_STATUSES);
const isLive = eq(fundraisers.status, 'live');

/** How much of the story a list reads: enough for its excerpt, not the whole text. */
const STORY_HEAD_CHARS = 600;

export interface PublicFundraiserListRow {
  slug: string;
  title: string | null;
  storyHead: string | null;
  images: FundraiserRow['images'];
  goalCents: number;
  raisedCents: number;
  donationCount: number;
  neededBy: string | null;
  /** Its owner's names, from which the page shows her community name (decision 019). */
  organiser: OrganiserNames;
  /** The first and last name of the listed doctor whose attestation stands, as the fundraiser's page names her. */
  reviewerName: string | null;
}

// What stands of what was raised: a refund takes its gift back out of progress, as on the campaign's own page.
const raised = sql<number>`coalesce(${ledgerBalances.raisedCents} - ${ledgerBalances.refundedCents}, 0)`.mapWith(
  Number,
);
const newestFirst = [desc(campaigns.createdAt), desc(campaigns.id)];
const ORDERS: Record<FundraiserSort, SQL[]> = {
  newest: newestFirst,
  // The share of its goal raised; a goal of 0 cannot be approved, and would sort last.
  nearly_funded: [sql`${raised}::float8 / nullif(${campaigns.goalCents}, 0) desc nulls last`, ...newestFirst],
  // The earliest planned treatment first; those without a date after every dated one.
  most_urgent: [sql`${fundraisers.neededBy} asc nulls last`, ...newestFirst],
};

// The list reads its owner as `owner`, so that `users` in the attestation's subquery is the doctor (and `listed`
// applies to her, as on the fundraiser's page: queries/medical-reviews.ts, publicAttestation).
const owner = alias(users, 'owner');

/**
 * The live fundraisers, a page at a time, in the chosen order, optionally those whose title holds `q` (any case).
 * The goal is the campaign's (what progress is measured against), raised and the gift count the ledger's running
 * totals: no donation is read. The reviewing doctor's name is a subquery on `medical_reviews` by fundraiser (an
 * indexed column; at most one attestation stands at a time).
 */
export function publicFundraisersPage<Item>(
  db: Db,
  query: PublicFundraisersQuery,
  present: (row: PublicFundraiserListRow) => Item,
) {
  const where = query.q ? and(isLive, ilike(fundraisers.title, containing(query.q)))! : isLive;
  const reviewer = db
    .select({ name: sql`${users.firstName} || ' ' || ${users.lastName}` })
    .from(medicalReviews)
    .innerJoin(users, eq(users.id, medicalReviews.doctorId))
    .innerJoin(doctorProfiles, eq(doctorProfiles.userId, medicalReviews.doctorId))
    .where(attestationStands)
    .limit(1);
  return paged(
    { page: query.page, pageSize: FUNDRAISERS_PAGE_SIZE },
    (limit, offset) =>
      db
        .select({
          slug: campaigns.slug,
          title: fundraisers.title,
          storyHead: sql<string | null>`left(${fundraisers.story}, ${STORY_HEAD_CHARS})`,
          images: fundraisers.images,
          goalCents: campaigns.goalCents,
          raisedCents: raised,
          donationCount: sql<number>`coalesce(${ledgerBalances.donationCount}, 0)`.mapWith(Number),
          neededBy: fundraisers.neededBy,
          organiser: { firstName: owner.firstName, lastName: owner.lastName, communityName: owner.communityName },
          reviewerName: sql<string | null>`(${reviewer})`,
        })
        .from(fundraisers)
        .innerJoin(campaigns, eq(campaigns.id, fundraisers.campaignId))
        .innerJoin(owner, eq(owner.id, fundraisers.ownerId))
        .leftJoin(ledgerBalances, eq(ledgerBalances.campaignId, campaigns.id))
        .where(where)
        .orderBy(...ORDERS[query.sort])
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(fundraisers).where(where),
    present,
  );
}

export interface OrganiserNames {
  firstName: string;
  lastName: string;
  communityName: string | null;
}

export interface PublicFundraiserRow {
  fundraiser: FundraiserRow;
  campaign: { id: string; slug: string; goalCents: number; createdAt: Date };
  organiser: OrganiserNames;
}

/** A live or closed fundraiser by its campaign's slug; undefined for any other (a draft, one in review, refused). */
export async function findPublicFundraiser(db: Db, slug: string): Promise<PublicFundraiserRow | undefined> {
  const [row] = await db
    .select({
      fundraiser: fundraisers,
      campaign: {
        id: campaigns.id,
        slug: campaigns.slug,
        goalCents: campaigns.goalCents,
        createdAt: campaigns.createdAt,
      },
      organiser: { firstName: users.firstName, lastName: users.lastName, communityName: users.communityName },
    })
    .from(campaigns)
    .innerJoin(fundraisers, eq(fundraisers.campaignId, campaigns.id))
    .innerJoin(users, eq(users.id, fundraisers.ownerId))
    .where(and(eq(campaigns.slug, slug), isPublicFundraiser));
  return row;
}

/** A live or closed fundraiser's campaign by its address (what admins scope a report to); else undefined. */
export async function fundraiserCampaign(db: Db, slug: string): Promise<{ campaignId: string } | undefined> {
  const [row] = await db
    .select({ campaignId: campaigns.id })
    .from(campaigns)
    .innerJoin(fundraisers, eq(fundraisers.campaignId, campaigns.id))
    .where(and(eq(campaigns.slug, slug), isPublicFundraiser));
  return row;
}

/** Whether a live or closed fundraiser shows this image: then anyone may read it (its documents never). */
export async function isOnPublicFundraiser(db: Db, uploadId: string): Promise<boolean> {
  const [shown] = await db
    .select({ id: fundraisers.id })
    .from(fundraisers)
    .where(and(isPublicFundraiser, imagesInclude(fundraisers.images, uploadId)))
    .limit(1);
  return shown !== undefined;
}

/** The most of each kind of record the sitemap lists (a sitemap file holds at most 50,000 addresses). */
export const SITEMAP_RECORDS_MAX = 10_000;

export interface SitemapRecords {
  stories: { id: string; at: Date | null }[];
  doctors: { id: string }[];
  fundraisers: { slug: string; at: Date }[];
}

/** The public records the sitemap names, newest first, each kind bounded. */
export async function sitemapRecords(db: Db): Promise<SitemapRecords> {
  const [publicStories, doctors, live] = await Promise.all([
    db
      .select({ id: stories.id, at: stories.publishedAt })
      .from(stories)
      .where(isListedStory)
      .orderBy(desc(stories.publishedAt))
      .limit(SITEMAP_RECORDS_MAX),
    db
      .select({ id: doctorProfiles.userId })
      .from(doctorProfiles)
      .innerJoin(users, eq(users.id, doctorProfiles.userId))
      .where(listed)
      .orderBy(asc(doctorProfiles.userId))
      .limit(SITEMAP_RECORDS_MAX),
    db
      .select({ slug: campaigns.slug, at: fundraisers.updatedAt })
      .from(fundraisers)
      .innerJoin(campaigns, eq(campaigns.id, fundraisers.campaignId))
      .where(isLive)
      .orderBy(...newestFirst)
      .limit(SITEMAP_RECORDS_MAX),
  ]);
  return { stories: publicStories, doctors, fundraisers: live };
}
