/**
 * Words of support on public stories: posting one (the story's author is told), the author's thanks, hiding
 * (by the author or a moderator) and restoring, and reports, which moderators resolve for every reporter at once.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { commentReports, storyComments } from '../db/schema/index.ts';
import { findPublicStory } from '../db/queries/stories.ts';
import { findReply, type ReplyRow } from '../db/queries/support.ts';
import { audit } from '../services/audit.ts';
import { storyIsPublic } from '../services/story-visibility.ts';
import { notify, notifyAdmins } from '../services/notifications.ts';
import { supportPolicy } from '../policies/support.ts';
import type { Viewer } from '../policies/viewer.ts';
import type { CommandContext } from './run.ts';

/** A reply by `authorId` on a public story; its author is notified (and mailed after the commit), unless it is theirs. */
export async function postSupport(
  { tx, now, afterCommit }: CommandContext,
  authorId: string,
  storyId: string,
  body: string,
): Promise<{ reply: ReplyRow; storyAuthorId: string }> {
  const { story } = await findPublicStory(tx, storyId);
  const [row] = await tx
    .insert(storyComments)
    .values({ storyId: story.id, authorId, body, createdAt: now })
    .returning();
  if (story.authorId !== authorId) {
    const notified = await notify(tx, [
      {
        userId: story.authorId,
        type: 'story_support',
        title: `New words of support on "${story.publishedTitle}"`,
        body: body.slice(0, 140),
        link: `/stories/${story.id}`,
        eventKey: `support:${row!.id}`,
        important: true,
      },
    ]);
    afterCommit.mailNotifications(notified);
  }
  return { reply: row!, storyAuthorId: story.authorId };
}

/** The story's author hides a reply on their story; a moderator hides any, audited. */
export async function hideReply({ tx, actor, now }: CommandContext, viewer: Viewer, replyId: string) {
  const { reply, story } = await findReply(tx, replyId);
  supportPolicy.authorize(viewer, 'hide', { storyAuthorId: story.authorId });
  const byAuthor = story.authorId === viewer?.id;
  await tx
    .update(storyComments)
    .set({ hiddenAt: now, hiddenBy: byAuthor ? 'author' : 'moderator' })
    .where(eq(storyComments.id, reply.id));
  if (!byAuthor)
    await audit(tx, actor, {
      action: 'support.hide',
      targetType: 'support_reply',
      targetId: reply.id,
      before: { hidden: reply.hiddenAt !== null },
      after: { hidden: true },
    });
}

/** A moderator shows a hidden reply again, audited. */
export async function restoreReply({ tx, actor }: CommandContext, replyId: string) {
  const { reply } = await findReply(tx, replyId);
  await tx.update(storyComments).set({ hiddenAt: null, hiddenBy: null }).where(eq(storyComments.id, reply.id));
  await audit(tx, actor, {
    action: 'support.restore',
    targetType: 'support_reply',
    targetId: reply.id,
    before: { hidden: reply.hiddenAt !== null },
    after: { hidden: false },
  });
}

/** The story's author says thank you for a reply (once: thanking again keeps the first time). */
export async function thankReply({ tx, now }: CommandContext, viewer: Viewer, replyId: string) {
  const { reply, story } = await findReply(tx, replyId);
  supportPolicy.authorize(viewer, 'thank', { storyAuthorId: story.authorId });
  await tx
    .update(storyComments)
    .set({ thankedAt: reply.thankedAt ?? now })
    .where(eq(storyComments.id, reply.id));
}

/** A report of a reply on a public story; one per person per reply (again changes nothing), and moderators are told. */
export async function reportReply({ tx }: CommandContext, reporterId: string, replyId: string, reason: string) {
  const { reply, story } = await findReply(tx, replyId);
  if (!storyIsPublic(story)) throw new AppError('NOT_FOUND', 'No such reply');
  const [report] = await tx
    .insert(commentReports)
    .values({ commentId: reply.id, reporterId, reason })
    .onConflictDoNothing()
    .returning();
  if (!report) return;
  await notifyAdmins(tx, 'moderator', {
    title: 'A word of support was reported',
    body: reason,
    link: '/admin-stories',
    eventKey: `report:${report.id}`,
  });
}

/** A moderator settles a report, and with it every open report of the same reply; each reporter is told. */
export async function resolveReport(
  { tx, actor, now, afterCommit }: CommandContext,
  reportId: string,
  resolution: 'hidden' | 'kept',
) {
  const [report] = await tx.select().from(commentReports).where(eq(commentReports.id, reportId)).for('update');
  if (!report) throw new AppError('NOT_FOUND', 'No such report');
  if (report.resolvedAt) throw new AppError('CONFLICT', 'This report is already resolved');
  const settled = await tx
    .update(commentReports)
    .set({ resolution, resolvedAt: now, resolvedBy: actor.id })
    .where(and(eq(commentReports.commentId, report.commentId), isNull(commentReports.resolvedAt)))
    .returning();
  if (resolution === 'hidden') {
    await tx
      .update(storyComments)
      .set({ hiddenAt: now, hiddenBy: 'moderator' })
      .where(eq(storyComments.id, report.commentId));
  }
  await audit(tx, actor, {
    action: 'report.resolve',
    targetType: 'support_report',
    targetId: report.id,
    after: { resolution, reports: settled.length },
  });
  const outcome = resolution === 'hidden' ? 'The reply was hidden.' : 'A moderator reviewed the reply and kept it.';
  const notified = await notify(
    tx,
    settled.map((r) => ({
      userId: r.reporterId,
      type: 'report_resolved',
      title: 'Your report was reviewed',
      body: outcome,
      link: null,
      eventKey: `report:${r.id}:resolved`,
    })),
  );
  afterCommit.mailNotifications(notified);
}
