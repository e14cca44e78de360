/**
 * A live fundraiser in its owner's hands (decision 009): she posts dated updates (mailed to its followers), edits its
 * story (public at once, each replaced text kept as a version), proposes money changes (reviewed while the page keeps
 * the approved figures) and closes it. Managers decide money changes and may close a fundraiser with a reason.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { paragraphsOf } from '#shared/schemas/admin-campaign.ts';
import { contentNoteWords } from '#shared/story-audience.ts';
import type {
  FundraiserMoneyChange,
  FundraiserStoryEditSchema,
  FundraiserUpdateSchema,
} from '#shared/schemas/live-fundraisers.ts';
import type { z } from 'zod';
import type { Tx } from '../db/client.ts';
import { ownFundraiser, type FundraiserRow } from '../db/queries/fundraisers.ts';
import { storyVersionOf } from '../db/queries/live-fundraisers.ts';
import {
  campaigns,
  fundraiserDocuments,
  fundraiserRevisions,
  fundraiserStoryVersions,
  fundraiserUpdates,
  fundraisers,
} from '../db/schema/index.ts';
import { audit } from '../services/audit.ts';
import { notifyAdmins } from '../services/notifications.ts';
import type { UserRow } from '../services/sessions.ts';
import type { LinkSettings } from './accounts.ts';
import { record } from './fundraiser-history.ts';
import { checkUploads, costGroupColumns, lockForManager, lockOpen, tellOwner } from './fundraisers.ts';
import { fundraiserFacts, fundraiserPolicy } from '../policies/fundraisers.ts';
import type { Viewer } from '../policies/viewer.ts';
import { planChanged, planDiffers } from './fundraiser-plan.ts';
import { endMedicalReviewAccess } from './medical-reviews.ts';
import { assertReadVersion } from './read-version.ts';
import type { CommandContext } from './run.ts';
import { tellFollowers } from './update-followers.ts';

/** What a mail or a notification says instead of a noted update's text: the note, and that the text is on the page. */
const contentNoteMailWords = (notes: readonly string[]): string =>
  `Content note: ${contentNoteWords(notes)}. This update speaks of these topics, so its text is on the page, to read when it feels right for you.`;

/** Her live fundraiser, locked; a closed one, one not live yet or none is refused with what it is. */
async function lockLive(
  tx: Tx,
  owner: UserRow,
  action: 'postUpdate' | 'editLiveStory' | 'proposeMoneyChange' | 'close',
): Promise<FundraiserRow> {
  const row = (await lockOpen(tx, owner.id)) ?? (await ownFundraiser(tx, owner.id));
  if (!row) throw new AppError('NOT_FOUND', 'You have no fundraiser');
  fundraiserPolicy.authorize(owner, action, fundraiserFacts(row));
  return row;
}

async function campaignOf(tx: Tx, row: FundraiserRow): Promise<{ id: string; slug: string }> {
  const [campaign] = await tx
    .select({ id: campaigns.id, slug: campaigns.slug })
    .from(campaigns)
    .where(eq(campaigns.id, row.campaignId!));
  return campaign!;
}

/**
 * Posts a dated update on her live fundraiser's page and tells its campaign's followers: following accounts in the
 * app, and by mail (with the unsubscribe link and header) the accounts that allow it and the confirmed addresses.
 */
export async function postFundraiserUpdate(
  ctx: CommandContext,
  links: LinkSettings,
  owner: UserRow,
  input: z.output<typeof FundraiserUpdateSchema>,
): Promise<{ notified: number }> {
  const { tx, now } = ctx;
  const row = await lockLive(tx, owner, 'postUpdate');
  const [update] = await tx
    .insert(fundraiserUpdates)
    .values({
      fundraiserId: row.id,
      authorId: owner.id,
      title: input.title,
      body: input.body,
      contentNotes: input.contentNotes,
      postedAt: now,
    })
    .returning();
  await record(tx, row.id, owner.id, 'update_posted', input.title);
  const campaign = await campaignOf(tx, row);
  const notified = await tellFollowers(
    ctx,
    links,
    { id: campaign.id, name: row.title ?? 'A fundraiser', page: `/fundraisers/${campaign.slug}` },
    {
      date: now.toISOString().slice(0, 10),
      title: input.title,
      // Under a content note the mail and the notification carry the note, not the text: the reader chooses on the
      // page whether to read on, as she would on the page itself.
      paragraphs: input.contentNotes.length > 0 ? [contentNoteMailWords(input.contentNotes)] : paragraphsOf(input.body),
    },
    `fundraiser:${row.id}:update:${update!.id}`,
  );
  return { notified };
}

/**
 * Replaces her live fundraiser's title, story and images, public at once (decision 009: the review checked who she
 * is and what the money pays for, which a text edit does not change); the text it replaces is kept as a version.
 * An edit based on an older version than the current one is refused (409); an edit that changes nothing is no
 * version.
 */
export async function editFundraiserStory(
  { tx, now }: CommandContext,
  owner: UserRow,
  input: z.output<typeof FundraiserStoryEditSchema>,
): Promise<FundraiserRow> {
  const row = await lockLive(tx, owner, 'editLiveStory');
  const current = await storyVersionOf(tx, row.id);
  assertReadVersion(current, input.expectedVersion, {
    message: 'Your story was changed in another window since you opened it; reload to see the latest version',
  });
  await checkUploads(
    tx,
    owner.id,
    input.images.map((i) => i.uploadId),
    'fundraiser_image',
    'images',
  );
  const unchanged =
    input.title === row.title &&
    input.story === row.story &&
    input.images.map((i) => `${i.uploadId}:${i.alt}`).join('|') ===
      row.images.map((i) => `${i.uploadId}:${i.alt}`).join('|');
  if (unchanged) return row;
  await tx.insert(fundraiserStoryVersions).values({
    fundraiserId: row.id,
    version: current,
    title: row.title ?? '',
    story: row.story ?? '',
    images: row.images,
    replacedBy: owner.id,
    replacedAt: now,
  });
  const [edited] = await tx
    .update(fundraisers)
    .set({ title: input.title, story: input.story, images: input.images, updatedAt: now })
    .where(eq(fundraisers.id, row.id))
    .returning();
  await record(tx, row.id, owner.id, 'story_edited', `Version ${current + 1}`);
  return edited!;
}

/**
 * Proposes a money change for her live fundraiser (its cost groups and so its goal, its payee, its planned
 * documents) and puts it in the managers' queue. Proposing again while one waits replaces it as the one to
 * decide, but keeps it (`replaced`): a manager decides the proposal she read, by its id, and the history shows each
 * one. Nothing public changes until a manager approves it. A proposal equal to what is approved is refused: there is nothing to review.
 */
export async function proposeMoneyChange(
  { tx, now }: CommandContext,
  owner: UserRow,
  input: FundraiserMoneyChange,
): Promise<FundraiserRow> {
  const row = await lockLive(tx, owner, 'proposeMoneyChange');
  await checkUploads(tx, owner.id, input.documentIds, 'fundraiser_document', 'documentIds');
  const elsewhere = await tx
    .select({ id: fundraiserDocuments.uploadId })
    .from(fundraiserDocuments)
    .where(and(inArray(fundraiserDocuments.uploadId, input.documentIds), ne(fundraiserDocuments.fundraiserId, row.id)))
    .limit(1);
  if (elsewhere.length > 0)
    throw new AppError('VALIDATION', 'A document is already attached to another fundraiser', 'documentIds');
  const { costGroups, goalCents } = costGroupColumns(input.costGroups);
  if (!(await planDiffers(tx, row, { costGroups, payee: input.payee }, input.documentIds)))
    throw new AppError(
      'VALIDATION',
      'This is what your fundraiser already plans: change the amounts, the payee or the documents first',
    );
  const proposal = { costGroups, goalCents, payee: input.payee, documentIds: input.documentIds, proposedAt: now };
  const [replaced] = await tx
    .update(fundraiserRevisions)
    .set({ status: 'replaced', decidedAt: now })
    .where(and(eq(fundraiserRevisions.fundraiserId, row.id), eq(fundraiserRevisions.status, 'pending')))
    .returning({ id: fundraiserRevisions.id });
  await tx.insert(fundraiserRevisions).values({ ...proposal, fundraiserId: row.id });
  await record(tx, row.id, owner.id, replaced ? 'money_change_replaced' : 'money_change_proposed');
  await notifyAdmins(tx, 'manager', {
    title: `A live fundraiser's money change waits for review: "${row.title}"`,
    link: '/admin-fundraisers',
    eventKey: `fundraiser:${row.id}:money_change:${now.toISOString()}`,
  });
  return row;
}

/** Marks the fundraiser's pending money change as no longer asked for (she withdrew it, or it closed). */
async function withdrawPending(tx: Tx, fundraiserId: string, now: Date): Promise<boolean> {
  const withdrawn = await tx
    .update(fundraiserRevisions)
    .set({ status: 'withdrawn', decidedAt: now })
    .where(and(eq(fundraiserRevisions.fundraiserId, fundraiserId), eq(fundraiserRevisions.status, 'pending')))
    .returning({ id: fundraiserRevisions.id });
  return withdrawn.length > 0;
}

/** Takes back the money change she proposed, before a manager decides it. */
export async function withdrawMoneyChange({ tx, now }: CommandContext, owner: UserRow): Promise<FundraiserRow> {
  const row = await lockLive(tx, owner, 'proposeMoneyChange');
  if (!(await withdrawPending(tx, row.id, now)))
    throw new AppError('NOT_FOUND', 'No money change of yours waits for review');
  await record(tx, row.id, owner.id, 'money_change_withdrawn');
  return row;
}

export type MoneyChangeDecision = 'approve' | 'refuse';

/**
 * A manager's decision on a live fundraiser's pending money change, the one she read (`revisionId`): a proposal
 * replaced since, or decided by someone else, is refused with 409 and the one now waiting. Approved: the fundraiser's cost groups, goal,
 * payee and documents and its campaign's goal change in this one transaction, and a medical attestation is
 * withdrawn (`planChanged`). Refused: nothing public changes and she reads the reason. Either way it stays live,
 * the step is audited and in its history, and she is told and mailed.
 */
export async function reviewMoneyChange(
  ctx: CommandContext,
  viewer: Viewer,
  publicUrl: string,
  id: string,
  decision: MoneyChangeDecision,
  input: { revisionId: string; message: string | null },
): Promise<FundraiserRow> {
  const { tx, actor, now, afterCommit } = ctx;
  const { message } = input;
  const before = await lockForManager(tx, id);
  const [pending] = await tx
    .select()
    .from(fundraiserRevisions)
    .where(and(eq(fundraiserRevisions.fundraiserId, id), eq(fundraiserRevisions.status, 'pending')))
    .for('update');
  fundraiserPolicy.authorize(viewer, 'decideMoneyChange', fundraiserFacts(before, pending !== undefined), null);
  const revision = pending!; // the policy refuses a decision when none is pending
  if (revision.id !== input.revisionId)
    throw AppError.stale(
      'She proposed a different money change since you opened it; read the new proposal before you decide',
      revision.id,
    );
  const approve = decision === 'approve';
  await tx
    .update(fundraiserRevisions)
    .set({ status: approve ? 'approved' : 'refused', decidedAt: now, decidedBy: actor.id, reviewMessage: message })
    .where(eq(fundraiserRevisions.id, revision.id));
  let row = before;
  if (approve) {
    await planChanged(ctx, id);
    const [changed] = await tx
      .update(fundraisers)
      .set({ costGroups: revision.costGroups, goalCents: revision.goalCents, payee: revision.payee, updatedAt: now })
      .where(eq(fundraisers.id, id))
      .returning();
    row = changed!;
    await tx.delete(fundraiserDocuments).where(eq(fundraiserDocuments.fundraiserId, id));
    await tx
      .insert(fundraiserDocuments)
      .values(revision.documentIds.map((uploadId) => ({ fundraiserId: id, uploadId, createdAt: now })));
    await tx.update(campaigns).set({ goalCents: revision.goalCents }).where(eq(campaigns.id, before.campaignId!));
    afterCommit.refresh('progress', 'ledger');
  }
  await record(tx, id, actor.id, approve ? 'money_change_approved' : 'money_change_refused', message ?? undefined);
  await audit(tx, actor, {
    action: approve ? 'fundraiser.money_change_approve' : 'fundraiser.money_change_refuse',
    targetType: 'fundraiser',
    targetId: id,
    before: { goalCents: before.goalCents, costGroups: before.costGroups, payee: before.payee },
    after: approve
      ? {
          revisionId: revision.id,
          goalCents: revision.goalCents,
          costGroups: revision.costGroups,
          payee: revision.payee,
        }
      : { revisionId: revision.id, message },
  });
  const name = before.title ?? 'your fundraiser';
  await tellOwner(
    ctx,
    publicUrl,
    before,
    `money_change:${decision}`,
    approve ? `The new goal and plan of "${name}" are approved` : `The money change of "${name}" was not approved`,
    message ?? 'Your fundraiser’s page now shows the new goal and plan.',
  );
  return row;
}

/**
 * Closes it: a money change still waiting is withdrawn, and a doctor's access to its application ends as if she had
 * revoked it (an attestation stays on its page).
 */
async function close(ctx: CommandContext, row: FundraiserRow, reviewMessage?: string): Promise<FundraiserRow> {
  const { tx, now } = ctx;
  await withdrawPending(tx, row.id, now);
  await endMedicalReviewAccess(ctx, row, 'closed');
  const [closed] = await tx
    .update(fundraisers)
    .set({ status: 'closed', updatedAt: now, ...(reviewMessage ? { reviewMessage } : {}) })
    .where(eq(fundraisers.id, row.id))
    .returning();
  return closed!;
}

/**
 * Closes her live fundraiser: its page stays readable with its ledger, it takes no new intents, a money change
 * still waiting is withdrawn and a doctor's access to its application ends. She may then open a new one.
 */
export async function closeFundraiser(ctx: CommandContext, owner: UserRow): Promise<FundraiserRow> {
  const { tx } = ctx;
  // Closed already (her second tap, another tab): what she asked for holds, so it is no error.
  const latest = (await lockOpen(tx, owner.id)) ?? (await ownFundraiser(tx, owner.id));
  if (latest?.status === 'closed') return latest;
  const row = await lockLive(tx, owner, 'close');
  const closed = await close(ctx, row);
  await record(tx, row.id, owner.id, 'closed');
  return closed;
}

/** A manager closes a live fundraiser with the reason the owner reads (audited, mailed to her). */
export async function closeFundraiserAsManager(
  ctx: CommandContext,
  viewer: Viewer,
  publicUrl: string,
  id: string,
  reason: string,
): Promise<FundraiserRow> {
  const { tx, actor } = ctx;
  const before = await lockForManager(tx, id);
  fundraiserPolicy.authorize(viewer, 'closeAsManager', fundraiserFacts(before));
  const closed = await close(ctx, before, reason);
  await record(tx, id, actor.id, 'closed', reason);
  await audit(tx, actor, {
    action: 'fundraiser.close',
    targetType: 'fundraiser',
    targetId: id,
    before: { status: before.status },
    after: { status: 'closed', message: reason },
  });
  await tellOwner(ctx, publicUrl, before, 'close', `Your fundraiser "${before.title}" was closed`, reason);
  return closed;
}
