/** Read models of words of support on stories: the replies under a story, one reply, and the open reports. */
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import type { Db } from '../client.ts';
import { commentReports, doctorProfiles, stories, storyComments, users } from '../schema/index.ts';
import { paged } from './paging.ts';
import type { StoryRow } from './stories.ts';

export type ReplyRow = typeof storyComments.$inferSelect;
export type ReportRow = typeof commentReports.$inferSelect;

/** At most this many replies are listed under one story. */
const REPLIES_MAX = 500;

/** The replies under a story, oldest first, with whether each author is a verified doctor; hidden ones only when asked. */
export function supportReplies(db: Db, storyId: string, withHidden: boolean) {
  return db
    .select({
      id: storyComments.id,
      body: storyComments.body,
      authorId: storyComments.authorId,
      firstName: users.firstName,
      lastName: users.lastName,
      communityName: users.communityName,
      doctorStatus: doctorProfiles.verificationStatus,
      specialty: doctorProfiles.specialty,
      hiddenAt: storyComments.hiddenAt,
      thankedAt: storyComments.thankedAt,
      createdAt: storyComments.createdAt,
    })
    .from(storyComments)
    .innerJoin(users, eq(users.id, storyComments.authorId))
    .leftJoin(doctorProfiles, and(eq(doctorProfiles.userId, users.id), eq(users.role, 'doctor')))
    .where(
      withHidden
        ? eq(storyComments.storyId, storyId)
        : and(eq(storyComments.storyId, storyId), isNull(storyComments.hiddenAt)),
    )
    .orderBy(storyComments.createdAt)
    .limit(REPLIES_MAX);
}

/** A reply and the story it belongs to. */
export async function findReply(db: Db, id: string): Promise<{ reply: ReplyRow; story: StoryRow }> {
  const [row] = await db
    .select({ reply: storyComments, story: stories })
    .from(storyComments)
    .innerJoin(stories, eq(stories.id, storyComments.storyId))
    .where(eq(storyComments.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'No such reply');
  return row;
}

const replyAuthor = alias(users, 'reply_author');

/** An open report with its reply, the story's title, and who reported and wrote the reply. */
export interface OpenReportRow {
  report: ReportRow;
  reply: ReplyRow;
  storyTitle: string | null;
  reporterFirst: string;
  reporterLast: string;
  authorFirst: string;
  authorLast: string;
}

/** Reports nobody resolved yet, oldest first, a page at a time. */
export function openReportsPage<Item>(db: Db, page: number, present: (row: OpenReportRow) => Item) {
  const open = isNull(commentReports.resolvedAt);
  return paged(
    { page, pageSize: ADMIN_LIST_PAGE_SIZE },
    (limit, offset) =>
      db
        .select({
          report: commentReports,
          reply: storyComments,
          storyTitle: stories.publishedTitle,
          reporterFirst: users.firstName,
          reporterLast: users.lastName,
          authorFirst: replyAuthor.firstName,
          authorLast: replyAuthor.lastName,
        })
        .from(commentReports)
        .innerJoin(storyComments, eq(storyComments.id, commentReports.commentId))
        .innerJoin(stories, eq(stories.id, storyComments.storyId))
        .innerJoin(users, eq(users.id, commentReports.reporterId))
        .innerJoin(replyAuthor, eq(replyAuthor.id, storyComments.authorId))
        .where(open)
        .orderBy(asc(commentReports.createdAt))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(commentReports).where(open),
    present,
  );
}
