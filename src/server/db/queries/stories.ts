/**
 * Read models of stories: what makes a story public (one SQL condition), the public list and page, an
 * author's own stories, and the moderators' queue and history.
 */
import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  not,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import { STORIES_PAGE_SIZE, type StoryTag } from '#shared/schemas/stories.ts';
import { CONTENT_NOTES, type ContentNote } from '#shared/story-audience.ts';
import type { Db } from '../client.ts';
import { contentNoteMutes, stories, storyComments, storyCounts, storyEvents, users } from '../schema/index.ts';
import { paged } from './paging.ts';

export type StoryRow = typeof stories.$inferSelect;

/** A story the public may read: a published copy, consent to show it, not hidden, not archived (on a loaded row: services/story-visibility.ts). */
export const isPublicStory: SQL = and(
  isNotNull(stories.publishedAt),
  isNull(stories.hiddenAt),
  eq(stories.publishConsent, true),
  ne(stories.status, 'archived'),
)!;

/** A public story that lists show (/stories, the sitemap, the doctors' dashboard): not one only for those with its link. */
export const isListedStory: SQL = and(isPublicStory, ne(stories.audience, 'link'))!;

/** Whether a story's image list (`stories.images` or `stories.publishedImages`) holds this upload (an id or a column). */
export const imagesInclude = (images: AnyColumn, uploadId: string | AnyColumn): SQL =>
  sql`${images} @> jsonb_build_array(jsonb_build_object('uploadId', ${uploadId}::text))`;

/** Words of support that are not hidden, per story. */
const visibleSupportCount = sql<number>`(select count(*)::int from ${storyComments} where ${storyComments.storyId} = ${stories.id} and ${storyComments.hiddenAt} is null)`;

const publicColumns = {
  story: stories,
  firstName: users.firstName,
  lastName: users.lastName,
  communityName: users.communityName,
  supportCount: visibleSupportCount,
};

/** A public story with its author's name and its visible support count. */
export interface PublicStoryRow {
  story: StoryRow;
  firstName: string;
  lastName: string;
  communityName: string | null;
  supportCount: number;
}

/** The columns a list item shows: the published copy only (not the working copy, nor the whole row). */
const summaryColumns = {
  story: {
    id: stories.id,
    publishedTitle: stories.publishedTitle,
    publishedBody: stories.publishedBody,
    publishedTags: stories.publishedTags,
    publishedImages: stories.publishedImages,
    publishedAt: stories.publishedAt,
    wantsProfessionalInput: stories.wantsProfessionalInput,
    campaignId: stories.campaignId,
    audience: stories.audience,
    contentNotes: stories.contentNotes,
  },
  firstName: users.firstName,
  lastName: users.lastName,
  communityName: users.communityName,
  supportCount: visibleSupportCount,
};

/** What a public list item is made from. */
export type StorySummaryFields = Pick<StoryRow, keyof (typeof summaryColumns)['story']>;

/**
 * Listed stories, newest first, optionally with one tag, a page at a time; without those carrying a content note
 * the reader muted (`muted`, her own setting).
 */
export function publicStoriesPage<Item>(
  db: Db,
  query: { page: number; tag?: StoryTag | undefined; muted?: readonly ContentNote[] | undefined },
  present: (row: {
    story: StorySummaryFields;
    firstName: string;
    lastName: string;
    communityName: string | null;
    supportCount: number;
  }) => Item,
) {
  const muted = query.muted ?? [];
  const where = and(
    isListedStory,
    query.tag ? arrayContains(stories.publishedTags, [query.tag]) : undefined,
    muted.length > 0 ? not(arrayOverlaps(stories.contentNotes, [...muted])) : undefined,
  );
  return paged(
    { page: query.page, pageSize: STORIES_PAGE_SIZE },
    (limit, offset) =>
      db
        .select(summaryColumns)
        .from(stories)
        .innerJoin(users, eq(users.id, stories.authorId))
        .where(where)
        .orderBy(desc(stories.publishedAt))
        .limit(limit)
        .offset(offset),
    // Without a tag or a mute, the running count (kept by a trigger) instead of counting every listed story.
    () =>
      query.tag || muted.length > 0
        ? db.select({ n: count() }).from(stories).where(where)
        : db.select({ n: storyCounts.publicCount }).from(storyCounts),
    present,
  );
}

/** One public story; any other is "not found". */
export async function findPublicStory(db: Db, id: string): Promise<PublicStoryRow> {
  const [row] = await db
    .select(publicColumns)
    .from(stories)
    .innerJoin(users, eq(users.id, stories.authorId))
    .where(and(eq(stories.id, id), isPublicStory));
  if (!row) throw new AppError('NOT_FOUND', 'No such story');
  return row;
}

/** The author's own stories, last changed first. */
export function ownStories(db: Db, authorId: string): Promise<StoryRow[]> {
  return db.select().from(stories).where(eq(stories.authorId, authorId)).orderBy(desc(stories.updatedAt));
}

/** One of the author's own stories; someone else's is "not found". */
export async function findOwnStory(db: Db, authorId: string, id: string): Promise<StoryRow> {
  const [row] = await db
    .select()
    .from(stories)
    .where(and(eq(stories.id, id), eq(stories.authorId, authorId)));
  if (!row) throw new AppError('NOT_FOUND', 'No such story');
  return row;
}

/** The moderators' tabs: which stories each shows, in which order. */
const MODERATION_TABS = {
  pending: { where: eq(stories.status, 'pending'), order: asc(stories.submittedAt) },
  approved: { where: and(isNotNull(stories.publishedAt), isNull(stories.hiddenAt)), order: desc(stories.publishedAt) },
  rejected: { where: eq(stories.status, 'rejected'), order: desc(stories.updatedAt) },
  hidden: { where: isNotNull(stories.hiddenAt), order: desc(stories.hiddenAt) },
} satisfies Record<string, { where: SQL | undefined; order: SQL }>;

export type ModerationTab = keyof typeof MODERATION_TABS;

/** A tab of the moderation queue with each author's name and email, a page at a time. */
export function moderationPage<Item>(
  db: Db,
  query: { status: ModerationTab; page: number },
  present: (row: { story: StoryRow; firstName: string; lastName: string; email: string }) => Item,
) {
  const { where, order } = MODERATION_TABS[query.status];
  return paged(
    { page: query.page, pageSize: ADMIN_LIST_PAGE_SIZE },
    (limit, offset) =>
      db
        .select({ story: stories, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(stories)
        .innerJoin(users, eq(users.id, stories.authorId))
        .where(where)
        .orderBy(order)
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(stories).where(where),
    present,
  );
}

/** A story's history, oldest first, with who did each step (null once their account is deleted). */
export function storyHistory(db: Db, storyId: string) {
  return db
    .select({
      action: storyEvents.action,
      reason: storyEvents.reason,
      createdAt: storyEvents.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(storyEvents)
    .leftJoin(users, eq(users.id, storyEvents.actorId))
    .where(eq(storyEvents.storyId, storyId))
    .orderBy(asc(storyEvents.createdAt));
}

/** The content notes a member muted, in the list's order. */
export async function mutedContentNotes(db: Db, userId: string): Promise<ContentNote[]> {
  const rows = await db
    .select({ note: contentNoteMutes.note })
    .from(contentNoteMutes)
    .where(eq(contentNoteMutes.userId, userId));
  const muted = new Set(rows.map((r) => r.note));
  return CONTENT_NOTES.filter((note) => muted.has(note));
}

/** How many of her stories a member page lists. */
export const MEMBER_PAGE_STORIES = 20;

/** Her listed stories of these audiences (what the member page's viewer may read whole), newest first. */
export function listedStoriesBy(db: Db, authorId: string, audiences: readonly StoryRow['audience'][]) {
  return db
    .select({ id: stories.id, title: stories.publishedTitle, publishedAt: stories.publishedAt })
    .from(stories)
    .where(and(isListedStory, eq(stories.authorId, authorId), inArray(stories.audience, [...audiences])))
    .orderBy(desc(stories.publishedAt))
    .limit(MEMBER_PAGE_STORIES);
}
