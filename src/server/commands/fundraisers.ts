/**
 * A patient's fundraiser application (decision 009): she saves drafts and submits; a manager approves it (its
 * campaign opens), sends it back for changes or refuses it. Every step runs in one transaction with its history
 * row; the admins' steps also with an audit entry and the patient's notification, and mail her after the commit.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import type { AuditAction } from '#shared/audit.ts';
import { submitProblems, type FundraiserDraft, type FundraiserStatus } from '#shared/schemas/fundraisers.ts';
import { dollarsToCents } from '#shared/money.ts';
import type { FundraiserEvent } from '#shared/history-words.ts';
import type { Tx } from '../db/client.ts';
import { isIdShaped } from '../db/campaign-key.ts';
import { FINISHED, type FundraiserRow } from '../db/queries/fundraisers.ts';
import { campaigns, fundraiserDocuments, fundraisers, uploads, users } from '../db/schema/index.ts';
import { audit } from '../services/audit.ts';
import { record } from './fundraiser-history.ts';
import { assertReadVersion } from './read-version.ts';
import { planChanged, planDiffers } from './fundraiser-plan.ts';
import { endMedicalReviewAccess } from './medical-reviews.ts';
import { fundraiserReviewMail } from '../services/mail-templates.ts';
import { notify, notifyAdmins } from '../services/notifications.ts';
import type { UserRow } from '../services/sessions.ts';
import { authorizeFundraiserOpening } from '../policies/account.ts';
import { fundraiserFacts, fundraiserPolicy } from '../policies/fundraisers.ts';
import type { Viewer } from '../policies/viewer.ts';
import type { CommandContext } from './run.ts';

/**
 * Holds the owner's account row first, as account deletion locks it before the rows it cascades to: taken the
 * other way round (the fundraiser, then her account through a foreign key), a review and her deletion at the same
 * moment would deadlock.
 */
export async function holdOwner(tx: Tx, ownerId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('key share');
}

/** A fundraiser by id for a manager's step, locked after its owner's account (see holdOwner); drafts are hers alone. */
export async function lockForManager(tx: Tx, id: string): Promise<FundraiserRow> {
  const [owned] = await tx.select({ ownerId: fundraisers.ownerId }).from(fundraisers).where(eq(fundraisers.id, id));
  if (owned) await holdOwner(tx, owned.ownerId);
  const [row] = await tx.select().from(fundraisers).where(eq(fundraisers.id, id)).for('update');
  if (!row || row.status === 'draft') throw new AppError('NOT_FOUND', 'No such fundraiser');
  return row;
}

/** Her open fundraiser (not rejected or closed), locked for this transaction. */
export async function lockOpen(tx: Tx, ownerId: string): Promise<FundraiserRow | undefined> {
  await holdOwner(tx, ownerId);
  const [row] = await tx
    .select()
    .from(fundraisers)
    .where(and(eq(fundraisers.ownerId, ownerId), notInArray(fundraisers.status, FINISHED)))
    .for('update');
  return row;
}

/** Her uploads of this purpose, each once; else 400 on `field` before anything is written. */
export async function checkUploads(
  tx: Tx,
  ownerId: string,
  ids: string[],
  purpose: 'fundraiser_image' | 'fundraiser_document',
  field: string,
): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.ownerId, ownerId), eq(uploads.purpose, purpose)));
  if (found.length !== new Set(ids).size)
    throw new AppError('VALIDATION', 'A file could not be found among your uploads; upload it again', field);
}

/**
 * The draft's columns: groups in cents, in the form's order, and the goal as their sum. A group at 0 with no note
 * is one she does not need (the form shows all four): it is left out, so it never shows as planned.
 */
export function costGroupColumns(groups: FundraiserDraft['costGroups']) {
  const costGroups = groups
    .filter((g) => g.amount > 0 || g.note !== '')
    .map((g) => ({
      key: g.key,
      amountCents: dollarsToCents(g.amount)!,
      note: g.note,
    }));
  return { costGroups, goalCents: costGroups.reduce((sum, g) => sum + g.amountCents, 0) };
}

function draftColumns(draft: FundraiserDraft) {
  const { costGroups, goalCents } = costGroupColumns(draft.costGroups);
  return {
    title: draft.title ?? null,
    story: draft.story ?? null,
    images: draft.images,
    costGroups,
    goalCents,
    payee: draft.payee ?? null,
    neededBy: draft.neededBy ?? null,
  };
}

/**
 * Saves her application as it stands: creates it the first time, else replaces the draft (while it is hers to
 * edit: a draft, or sent back for changes). The documents listed replace the ones attached before.
 */
export async function saveFundraiserDraft(
  { tx, now, afterCommit }: CommandContext,
  owner: UserRow,
  draft: FundraiserDraft,
): Promise<FundraiserRow> {
  authorizeFundraiserOpening(owner);
  // A day's grace: her calendar may still be on yesterday where the server's is on today.
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  if (draft.neededBy && draft.neededBy < yesterday)
    throw new AppError('VALIDATION', 'This date has passed; give the planned date or leave it empty', 'neededBy');
  await checkUploads(
    tx,
    owner.id,
    draft.images.map((i) => i.uploadId),
    'fundraiser_image',
    'images',
  );
  await checkUploads(tx, owner.id, draft.documentIds, 'fundraiser_document', 'documentIds');
  let row = await lockOpen(tx, owner.id);
  if (row) fundraiserPolicy.authorize(owner, 'edit', fundraiserFacts(row));
  const columns = draftColumns(draft);
  if (row && (await planDiffers(tx, row, columns, draft.documentIds)))
    await planChanged({ tx, now, afterCommit }, row.id);
  if (row) {
    [row] = await tx
      .update(fundraisers)
      .set({ ...columns, updatedAt: now })
      .where(eq(fundraisers.id, row.id))
      .returning();
  } else {
    // Another request of hers may create it at the same moment: the one-open index keeps one, the other waits here.
    [row] = await tx
      .insert(fundraisers)
      .values({ ...columns, ownerId: owner.id, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('CONFLICT', 'Your fundraiser was just started in another window; reload to see it');
    await record(tx, row.id, owner.id, 'created');
  }
  const id = row!.id;
  await tx.delete(fundraiserDocuments).where(eq(fundraiserDocuments.fundraiserId, id));
  if (draft.documentIds.length > 0) {
    const attached = await tx
      .insert(fundraiserDocuments)
      .values(draft.documentIds.map((uploadId) => ({ fundraiserId: id, uploadId, createdAt: now })))
      .onConflictDoNothing()
      .returning();
    if (attached.length !== draft.documentIds.length)
      throw new AppError('VALIDATION', 'A document is already attached to another fundraiser', 'documentIds');
  }
  return row!;
}

/** What submitting still needs, by field path; empty when the application is complete. */
const missing = (row: FundraiserRow, documentCount: number): Record<string, string> =>
  submitProblems({ ...row, documentCount });

/** Puts her complete application in the managers' queue, and tells them. */
export async function submitFundraiser({ tx, now }: CommandContext, owner: UserRow): Promise<FundraiserRow> {
  authorizeFundraiserOpening(owner);
  const before = await lockOpen(tx, owner.id);
  if (!before) throw new AppError('NOT_FOUND', 'Save your fundraiser before you submit it');
  // Submitted already (her second tap, another tab): it waits for review, as she asked.
  if (before.status === 'in_review') return before;
  fundraiserPolicy.authorize(owner, 'submit', fundraiserFacts(before));
  const documents = await tx
    .select({ id: fundraiserDocuments.uploadId })
    .from(fundraiserDocuments)
    .where(eq(fundraiserDocuments.fundraiserId, before.id));
  const problems = missing(before, documents.length);
  const first = Object.values(problems)[0];
  if (first) throw new AppError('VALIDATION', first, problems);
  const [row] = await tx
    .update(fundraisers)
    .set({ status: 'in_review', submittedAt: now, updatedAt: now })
    .where(eq(fundraisers.id, before.id))
    .returning();
  await record(tx, before.id, owner.id, 'submitted');
  await notifyAdmins(tx, 'manager', {
    title: `A fundraiser waits for review: "${before.title}"`,
    link: '/admin-fundraisers',
    eventKey: `fundraiser:${before.id}:submitted:${now.toISOString()}`,
  });
  return row!;
}

/**
 * Withdraws her application before it goes live (a draft, one waiting for review or one sent back): it is deleted
 * with its documents' links and history, and housekeeping removes the files no record uses any more.
 */
export async function withdrawFundraiser({ tx }: CommandContext, owner: UserRow): Promise<void> {
  const row = await lockOpen(tx, owner.id);
  if (!row) throw new AppError('NOT_FOUND', 'You have no application to withdraw');
  fundraiserPolicy.authorize(owner, 'withdraw', fundraiserFacts(row));
  await tx.delete(fundraisers).where(eq(fundraisers.id, row.id));
}

export type ReviewDecision = 'approve' | 'request_changes' | 'reject';

const DECISIONS: Record<
  ReviewDecision,
  { status: FundraiserStatus; audit: AuditAction; event: FundraiserEvent; title: (name: string) => string }
> = {
  approve: {
    status: 'live',
    audit: 'fundraiser.approve',
    event: 'approved',
    title: (name) => `Your fundraiser "${name}" is approved and live`,
  },
  request_changes: {
    status: 'changes_requested',
    audit: 'fundraiser.request_changes',
    event: 'changes_requested',
    title: (name) => `Your fundraiser "${name}" needs changes before it can go live`,
  },
  reject: {
    status: 'rejected',
    audit: 'fundraiser.reject',
    event: 'rejected',
    title: (name) => `Your fundraiser "${name}" was not approved`,
  },
};

/**
 * What a fundraiser's address is made of: its title in plain lower-case words. A title that reads as an id (another
 * campaign's, say) gets a word in front, so that its address never names that campaign.
 */
export function slugFrom(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  if (isIdShaped(words)) return `fundraiser-${words}`;
  return words || 'fundraiser';
}

/**
 * The campaign that will hold an approved fundraiser's money (decision 009): her goal, no appeal document, her
 * as owner, at an address from its title (with the fundraiser's id when another campaign has that one).
 */
async function openCampaign(tx: Tx, fundraiser: FundraiserRow, now: Date): Promise<{ id: string; slug: string }> {
  const base = slugFrom(fundraiser.title ?? '');
  for (const slug of [base, `${base}-${fundraiser.id.slice(0, 8)}`]) {
    const [campaign] = await tx
      .insert(campaigns)
      .values({ slug, goalCents: fundraiser.goalCents, currency: 'USD', ownerId: fundraiser.ownerId, createdAt: now })
      .onConflictDoNothing({ target: campaigns.slug })
      .returning({ id: campaigns.id, slug: campaigns.slug });
    if (campaign) return campaign;
  }
  throw new AppError('CONFLICT', 'Another campaign already has this address; try again');
}

/**
 * A manager's review of a submitted application, as she read it (`version`: a changed one is refused with 409): approved (its campaign opens and it goes live), back to the
 * patient with what to change, or refused with the reason (ending a doctor's access to it). She gets a notification and a mail whatever her
 * notification settings: it is about her own application.
 */
export async function reviewFundraiser(
  { tx, actor, now, afterCommit }: CommandContext,
  viewer: Viewer,
  publicUrl: string,
  id: string,
  decision: ReviewDecision,
  input: { version: number; message: string | null },
): Promise<FundraiserRow> {
  const { message } = input;
  const before = await lockForManager(tx, id);
  fundraiserPolicy.authorize(viewer, 'review', fundraiserFacts(before), before.version);
  assertReadVersion(before.version, input.version, 'This application');
  const rule = DECISIONS[decision];
  const campaign = decision === 'approve' ? await openCampaign(tx, before, now) : null;
  const [row] = await tx
    .update(fundraisers)
    .set({
      status: rule.status,
      reviewMessage: message,
      updatedAt: now,
      ...(campaign ? { campaignId: campaign.id } : {}),
    })
    .where(eq(fundraisers.id, id))
    .returning();
  await record(tx, id, actor.id, rule.event, message ?? undefined);
  // A refused application is no one's to review any more: the doctor she asked loses access, as if she revoked it.
  if (decision === 'reject') await endMedicalReviewAccess({ tx, actor, now }, before, 'rejected');
  await audit(tx, actor, {
    action: rule.audit,
    targetType: 'fundraiser',
    targetId: id,
    before: { status: before.status },
    after: { status: rule.status, message, ...(campaign ? { campaignId: campaign.id, slug: campaign.slug } : {}) },
  });
  await tellOwner(
    { tx, now, afterCommit },
    publicUrl,
    before,
    decision,
    rule.title(before.title ?? 'your fundraiser'),
    message ?? 'Donors can now find it and give to it. Thank you for trusting the community with your story.',
  );
  return row!;
}

/**
 * Tells the owner of a manager's step on her fundraiser: a notification and a mail whatever her notification
 * settings, as it is about her own fundraiser. `step` names it in the notification's event key.
 */
export async function tellOwner(
  { tx, now, afterCommit }: Pick<CommandContext, 'tx' | 'now' | 'afterCommit'>,
  publicUrl: string,
  fundraiser: FundraiserRow,
  step: string,
  title: string,
  body: string,
): Promise<void> {
  await notify(tx, [
    {
      userId: fundraiser.ownerId,
      type: 'fundraiser_review',
      title,
      body,
      link: '/my-fundraiser',
      eventKey: `fundraiser:${fundraiser.id}:${step}:${now.toISOString()}`,
    },
  ]);
  const [owner] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, fundraiser.ownerId));
  afterCommit.mail(
    { key: `fundraiser:${fundraiser.id}:${step}:${now.toISOString()}`, kind: 'fundraiser-review' },
    (product) => fundraiserReviewMail(product, owner!, title, body, `${publicUrl}/my-fundraiser`),
  );
}
