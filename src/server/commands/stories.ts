/**
 * The story state machine. Authors: draft -> pending (submit), any -> archived, edits; moderators:
 * pending -> approved | rejected, and hide/restore of the published copy. Approval copies the working copy
 * to the published columns, so an approved story stays public while a later edit waits for review.
 * Every change runs in one transaction with a story event (the history), and moderator decisions
 * also with an audit entry and a notification to the author.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import type { AuditAction } from '#shared/audit.ts';
import type { StoryEvent } from '#shared/history-words.ts';
import { NEW_STORY_AUDIENCE, type ContentNote, type StoryAudience } from '#shared/story-audience.ts';
import { HEALTH_CONSENT_REFUSALS } from '#shared/health-data-consent.ts';
import type { Tx } from '../db/client.ts';
import { patientProfiles, stories, storyEvents, uploads } from '../db/schema/index.ts';
import type { StoryRow } from '../db/queries/stories.ts';
import { standingHealthConsent } from '../db/queries/health-data-consents.ts';
import { audit } from '../services/audit.ts';
import { notify, notifyAdmins, type NotificationEvent } from '../services/notifications.ts';
import { assertReadVersion } from './read-version.ts';
import { storyPolicy, type StoryAction } from '../policies/stories.ts';
import type { Viewer } from '../policies/viewer.ts';
import type { CommandContext } from './run.ts';

export interface StoryDraft {
  title: string;
  body: string;
  tags: string[];
  images: { uploadId: string; alt: string }[];
  wantsProfessionalInput: boolean;
  publishConsent?: boolean | undefined;
  audience?: StoryAudience | undefined;
  contentNotes: ContentNote[];
}

async function lockStory(tx: Tx, id: string): Promise<StoryRow> {
  const [row] = await tx.select().from(stories).where(eq(stories.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'No such story');
  return row;
}

/** The story, locked, once the viewer may take `action` on it as it is now (see the story policy). */
async function lockStoryFor(tx: Tx, viewer: Viewer, action: StoryAction, id: string): Promise<StoryRow> {
  const row = await lockStory(tx, id);
  storyPolicy.authorize(viewer, action, row);
  return row;
}

/** Every image must be a story image its author uploaded, each used once; else 400 on `images` before anything is written. */
async function checkImages(tx: Tx, authorId: string, images: StoryDraft['images']): Promise<void> {
  if (images.length === 0) return;
  const ids = images.map((i) => i.uploadId);
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION', 'Each image can be added only once', 'images');
  const found = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.ownerId, authorId), eq(uploads.purpose, 'story_image')));
  if (found.length !== ids.length)
    throw new AppError('VALIDATION', 'An image could not be found among your uploads; upload it again', 'images');
}

async function record(
  tx: Tx,
  storyId: string,
  actorId: string | null,
  action: StoryEvent,
  reason: string | null = null,
) {
  await tx.insert(storyEvents).values({ storyId, actorId, action, reason });
}

async function update(tx: Tx, id: string, patch: Partial<StoryRow>, now: Date): Promise<StoryRow> {
  const [row] = await tx
    .update(stories)
    .set({ ...patch, updatedAt: now })
    .where(eq(stories.id, id))
    .returning();
  return row!;
}

/** A new draft; publication consent defaults to what the patient chose at onboarding, its audience to members. */
export async function createStory(
  { tx, now }: CommandContext,
  authorId: string,
  draft: StoryDraft,
  campaignId: string | null,
): Promise<StoryRow> {
  await checkImages(tx, authorId, draft.images);
  const sharing = (await standingHealthConsent(tx, authorId, 'share')) !== undefined;
  if (draft.publishConsent && !sharing)
    throw new AppError('VALIDATION', HEALTH_CONSENT_REFUSALS.shareStory, 'publishConsent');
  const [profile] = await tx
    .select({ allow: patientProfiles.allowPublicStory })
    .from(patientProfiles)
    .where(eq(patientProfiles.userId, authorId));
  const [row] = await tx
    .insert(stories)
    .values({
      ...draft,
      publishConsent: draft.publishConsent ?? (sharing && profile?.allow === true),
      audience: draft.audience ?? NEW_STORY_AUDIENCE,
      authorId,
      campaignId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await record(tx, row!.id, authorId, 'created');
  return row!;
}

/** Edits the working copy. An approved story's edit goes back to review; a rejected one becomes a draft again. */
export async function editStory(
  { tx, now }: CommandContext,
  viewer: Viewer,
  id: string,
  draft: StoryDraft,
): Promise<StoryRow> {
  const before = await lockStoryFor(tx, viewer, 'edit', id);
  const authorId = before.authorId;
  await checkImages(tx, authorId, draft.images);
  const next: Partial<StoryRow> = {
    title: draft.title,
    body: draft.body,
    tags: draft.tags,
    images: draft.images,
    wantsProfessionalInput: draft.wantsProfessionalInput,
    // In force at once, also on the published copy: a note only shields readers.
    contentNotes: draft.contentNotes,
  };
  if (draft.audience !== undefined) next.audience = draft.audience;
  if (draft.publishConsent !== undefined) {
    if (draft.publishConsent && !before.publishConsent) await assertSharing(tx, authorId);
    next.publishConsent = draft.publishConsent;
  }
  if (before.status === 'approved') Object.assign(next, { status: 'pending', submittedAt: now });
  if (before.status === 'rejected') next.status = 'draft';
  const row = await update(tx, id, next, now);
  await record(tx, id, authorId, before.status === 'approved' ? 'edited_after_approval' : 'edited');
  return row;
}

/** Sends a draft (or a rejected story, after changes) to the moderators' queue, and tells them. */
export async function submitStory({ tx, now }: CommandContext, viewer: Viewer, id: string): Promise<StoryRow> {
  const before = await lockStory(tx, id);
  // Waiting for review already (her second tap, another tab): as she asked, so it is no error.
  if (before.status === 'pending' && before.authorId === viewer?.id) return before;
  storyPolicy.authorize(viewer, 'submit', before);
  const authorId = before.authorId;
  const row = await update(tx, id, { status: 'pending', submittedAt: now, reviewReason: null }, now);
  await record(tx, id, authorId, 'submitted');
  await notifyAdmins(tx, 'moderator', {
    title: `A story waits for review: "${row.title}"`,
    link: '/admin-stories',
    eventKey: `story:${id}:submitted:${now.toISOString()}`,
  });
  return row;
}

/** The author takes the story down for good: it leaves the public and can no longer change. */
export async function archiveStory({ tx, now }: CommandContext, viewer: Viewer, id: string): Promise<StoryRow> {
  const before = await lockStoryFor(tx, viewer, 'archive', id);
  const row = await update(tx, id, { status: 'archived' }, now);
  await record(tx, id, before.authorId, 'archived');
  return row;
}

/** Publish or unpublish: the author's consent, changeable at any time (except once archived). */
export async function setPublishConsent(
  { tx, now }: CommandContext,
  viewer: Viewer,
  id: string,
  consent: boolean,
): Promise<StoryRow> {
  const before = await lockStoryFor(tx, viewer, 'publish', id);
  if (consent && !before.publishConsent) await assertSharing(tx, before.authorId);
  const row = await update(tx, id, { publishConsent: consent }, now);
  await record(tx, id, before.authorId, consent ? 'consented' : 'unpublished');
  return row;
}

/**
 * Who may read the story (public, members, its link): the author's choice, changeable with her consent to publish
 * (the same rule) and in force at once on every instance, as any write (run() forgets the record pages everywhere).
 */
export async function setStoryAudience(
  { tx, now }: CommandContext,
  viewer: Viewer,
  id: string,
  audience: StoryAudience,
): Promise<StoryRow> {
  const before = await lockStoryFor(tx, viewer, 'publish', id);
  if (before.audience === audience) return before;
  const row = await update(tx, id, { audience }, now);
  await record(tx, id, before.authorId, `audience_${audience}`);
  return row;
}

/** Making a story public shares her health data: only with her standing consent to share (decision 017). */
async function assertSharing(tx: Tx, authorId: string): Promise<void> {
  if (!(await standingHealthConsent(tx, authorId, 'share')))
    throw new AppError('VALIDATION', HEALTH_CONSENT_REFUSALS.shareStory, 'publishConsent');
}

/**
 * Her consent to sharing was withdrawn: every story of hers that may be public stops being so at once, each with
 * its history step, in the withdrawal's transaction. The stories themselves stay hers, as drafts or approved.
 */
export async function unpublishAllStoriesOf({ tx, now }: Pick<CommandContext, 'tx' | 'now'>, authorId: string) {
  const changed = await tx
    .update(stories)
    .set({ publishConsent: false, updatedAt: now })
    .where(and(eq(stories.authorId, authorId), eq(stories.publishConsent, true)))
    .returning({ id: stories.id });
  for (const { id } of changed) await record(tx, id, authorId, 'unpublished');
}

export type Decision = 'approve' | 'reject' | 'hide' | 'restore';

/** Each decision: its audit action and the word for it in the history (when it is allowed: the story policy). */
interface DecisionRule {
  audit: AuditAction;
  what: StoryEvent;
  /**
   * Refused when the story changed since the moderator read it. Not hiding: it only takes a story down, nothing the
   * author writes meanwhile can make that wrong, and her edits (which move the version) must never hold it up.
   */
  bindsReadVersion: boolean;
}

const DECISIONS: Record<Decision, DecisionRule> = {
  approve: { audit: 'story.approve', what: 'approved', bindsReadVersion: true },
  reject: { audit: 'story.reject', what: 'rejected', bindsReadVersion: true },
  hide: { audit: 'story.hide', what: 'hidden', bindsReadVersion: false },
  restore: { audit: 'story.restore', what: 'restored', bindsReadVersion: true },
};

function decisionPatch(decision: Decision, s: StoryRow, reason: string | null, now: Date): Partial<StoryRow> {
  switch (decision) {
    case 'approve':
      return {
        status: 'approved',
        reviewReason: null,
        publishedTitle: s.title,
        publishedBody: s.body,
        publishedTags: s.tags,
        publishedImages: s.images,
        publishedAt: now,
      };
    case 'reject':
      // A rejected edit of a published story leaves the published copy public.
      return { status: 'rejected', reviewReason: reason };
    case 'hide':
      return { hiddenAt: now, hiddenReason: reason };
    case 'restore':
      return { hiddenAt: null, hiddenReason: null };
  }
}

/** What the author is told her approved story now is, by its audience. */
const APPROVED_WORDS: Record<StoryAudience, string> = {
  public: 'It is now public.',
  members: 'Members of the community can now read it.',
  link: 'Anyone you send its link to can now read it.',
};

function authorNotice(decision: Decision, s: StoryRow, reason: string | null, now: Date): NotificationEvent | null {
  const link = '/my-stories';
  const key = `story:${s.id}:${decision}:${now.toISOString()}`;
  switch (decision) {
    case 'approve':
      return {
        userId: s.authorId,
        type: 'story_approved',
        title: `Your story "${s.title}" was approved`,
        body: s.publishConsent ? APPROVED_WORDS[s.audience] : 'It will be public once you choose to publish it.',
        link: `/stories/${s.id}`,
        eventKey: key,
        important: true,
      };
    case 'reject':
      return {
        userId: s.authorId,
        type: 'story_rejected',
        title: `Your story "${s.title}" was not approved`,
        body: reason ?? '',
        link,
        eventKey: key,
        important: true,
      };
    case 'hide':
      return {
        userId: s.authorId,
        type: 'story_hidden',
        title: `Your story "${s.publishedTitle ?? s.title}" was hidden by a moderator`,
        body: reason ?? '',
        link,
        eventKey: key,
        important: true,
      };
    case 'restore':
      return null;
  }
}

/**
 * A moderator's decision on the version of the story she read (one the author changed since is refused with 409 and
 * the current version, except a hide), with its history entry, audit entry and the author's notification, all or nothing; the
 * notification is mailed after the commit.
 */
export async function decideStory(
  { tx, actor, now, afterCommit }: CommandContext,
  viewer: Viewer,
  id: string,
  decision: Decision,
  input: { version: number; reason: string | null },
): Promise<StoryRow> {
  const { reason } = input;
  const before = await lockStoryFor(tx, viewer, decision, id);
  const rule = DECISIONS[decision];
  if (rule.bindsReadVersion) assertReadVersion(before.version, input.version, 'This story');
  const row = await update(tx, id, decisionPatch(decision, before, reason, now), now);
  await record(tx, id, actor.id, rule.what, reason);
  await audit(tx, actor, {
    action: rule.audit,
    targetType: 'story',
    targetId: id,
    before: { status: before.status, hidden: before.hiddenAt !== null },
    after: { status: row.status, hidden: row.hiddenAt !== null, reason },
  });
  const notice = authorNotice(decision, before, reason, now);
  if (notice) afterCommit.mailNotifications(await notify(tx, [notice]));
  return row;
}
