/**
 * Publishing the campaign's content. Every publish (an edit, a restore, a dated update) is a new numbered
 * version, written in one transaction that locks the campaign row: the version row, the campaign's content
 * and version, and the audit entry. A publish made on top of an older version than the current one is
 * refused (409), so two editors never overwrite each other unseen.
 */
import { and, eq } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import type { AuditAction } from '#shared/audit.ts';
import {
  CampaignContentSchema,
  withUpdate,
  type CampaignContent,
  type CampaignUpdate,
} from '#shared/schemas/campaign.ts';
import { OWNER_EMAIL_UNCONFIRMED } from '#shared/account-messages.ts';
import type { Tx } from '../db/client.ts';
import { asMainAppeal } from '../db/content-shape.ts';
import { campaignFollowers, campaignVersions, campaigns, users } from '../db/schema/index.ts';
import { findVersion, type MainAppealRow } from '../db/queries/campaign.ts';
import { audit } from '../services/audit.ts';
import type { LinkSettings } from './accounts.ts';
import { assertReadVersion } from './read-version.ts';
import type { CommandContext } from './run.ts';
import { tellFollowers } from './update-followers.ts';

export const STALE_VERSION_MESSAGE = 'Someone published a newer version; reload to see it';

async function lockCampaign(tx: Tx, id: string): Promise<MainAppealRow> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
  return asMainAppeal(row);
}

/** Content that must pass today's rules (a restored or updated copy); the first problem is a 400 naming its field. */
function checkContent(content: unknown): CampaignContent {
  const result = CampaignContentSchema.safeParse(content);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new AppError('VALIDATION', issue.message, ['content', ...issue.path].join('.'));
}

interface Publication {
  action: AuditAction;
  content: CampaignContent;
  note: string | null;
  /** More for the audit entry's "after" (e.g. the restored version). */
  details?: Record<string, unknown>;
}

/**
 * Writes the next version over the locked row. A database seeded before versions existed gets its current
 * content recorded first. Once committed, this instance's cached campaign and public pages follow at once
 * (other instances within their one-second cache).
 */
async function publishLocked(
  { tx, actor, now, afterCommit }: CommandContext,
  row: MainAppealRow,
  publication: Publication,
): Promise<MainAppealRow> {
  await tx
    .insert(campaignVersions)
    .values({ campaignId: row.id, version: row.version, content: row.content, createdAt: row.updatedAt })
    .onConflictDoNothing({ target: [campaignVersions.campaignId, campaignVersions.version] });
  const version = row.version + 1;
  const { content, note } = publication;
  // Pages build the main appeal's ledger and expense addresses from its content's slug: were it to move, a patient's
  // fundraiser could take the old one (its campaign's address comes from its title).
  if (content.slug !== row.slug)
    throw new AppError('VALIDATION', `The campaign's address cannot change: keep "${row.slug}"`, 'content.slug');
  await tx
    .insert(campaignVersions)
    .values({ campaignId: row.id, version, content, publishedBy: actor.id, note, createdAt: now });
  const [updated] = await tx
    .update(campaigns)
    .set({ content, goalCents: content.goal.cents, currency: content.goal.currency, version, updatedAt: now })
    .where(eq(campaigns.id, row.id))
    .returning();
  await audit(tx, actor, {
    action: publication.action,
    targetType: 'campaign',
    targetId: row.id,
    before: { version: row.version },
    after: { version, note, ...publication.details },
  });
  afterCommit.refresh('progress', 'pages');
  return asMainAppeal(updated);
}

/** Publishes edited content (already checked by the route's schema) as the next version. */
export async function publishCampaign(
  ctx: CommandContext,
  campaignId: string,
  input: { content: CampaignContent; expectedVersion: number; note: string | null },
): Promise<MainAppealRow> {
  const row = await lockCampaign(ctx.tx, campaignId);
  assertReadVersion(row.version, input.expectedVersion, { message: STALE_VERSION_MESSAGE });
  return publishLocked(ctx, row, { action: 'campaign.publish', content: input.content, note: input.note });
}

/** Publishes an earlier version's content again, as a new version (nothing is ever overwritten). */
export async function restoreCampaignVersion(
  ctx: CommandContext,
  campaignId: string,
  version: number,
  expectedVersion: number,
): Promise<MainAppealRow> {
  const row = await lockCampaign(ctx.tx, campaignId);
  assertReadVersion(row.version, expectedVersion, { message: STALE_VERSION_MESSAGE });
  if (version === row.version) throw new AppError('CONFLICT', `Version ${version} is the current version`);
  const old = await findVersion(ctx.tx, row, version);
  const content = checkContent(old.content);
  return publishLocked(ctx, row, {
    action: 'campaign.restore',
    content,
    note: `Restored version ${version}`,
    details: { restored: version },
  });
}

/**
 * Puts a dated update into the journey's updates (newest first) as a new version, and when asked tells every
 * follower: an in-app notification for each active account (its event key names this update, so it is told
 * once), and after the commit the update by mail, with its unsubscribe link, to the accounts that allow email
 * and the confirmed addresses. Answers the new row and how many followers were told.
 */
export async function postCampaignUpdate(
  ctx: CommandContext,
  links: LinkSettings,
  campaignId: string,
  input: CampaignUpdate & { notifyFollowers: boolean; expectedVersion: number },
): Promise<{ row: MainAppealRow; notified: number }> {
  const { tx } = ctx;
  const before = await lockCampaign(tx, campaignId);
  assertReadVersion(before.version, input.expectedVersion, { message: STALE_VERSION_MESSAGE });
  const update: CampaignUpdate = { date: input.date, title: input.title, paragraphs: input.paragraphs };
  const content = checkContent({
    ...before.content,
    journey: { ...before.content.journey, updates: withUpdate(before.content.journey.updates, update) },
  });
  const row = await publishLocked(ctx, before, {
    action: 'campaign.update',
    content,
    note: `Update: ${update.title}`,
    details: { date: update.date, title: update.title, notifyFollowers: input.notifyFollowers },
  });
  if (!input.notifyFollowers) return { row, notified: 0 };
  const campaign = { id: campaignId, name: content.name, page: '/' };
  const notified = await tellFollowers(ctx, links, campaign, update, `campaign:${campaignId}:update:${row.version}`);
  return { row, notified };
}

/** Makes the patient with this email the campaign's owner (who submits its expenses); answers the owner's account. */
export async function setCampaignOwner({ tx, actor, afterCommit }: CommandContext, campaignId: string, email: string) {
  const row = await lockCampaign(tx, campaignId);
  const [user] = await tx.select().from(users).where(eq(users.email, email));
  if (!user) throw new AppError('NOT_FOUND', 'No account uses this email address', 'email');
  if (user.status !== 'active')
    throw new AppError('VALIDATION', 'This account is suspended; restore it before making it the owner', 'email');
  if (user.role !== 'patient')
    throw new AppError('VALIDATION', 'The campaign owner must have a patient account', 'email');
  // Ownership links the campaign's money and mail to this address: only someone who proved it is theirs may hold it.
  if (!user.emailVerifiedAt) throw new AppError('VALIDATION', OWNER_EMAIL_UNCONFIRMED, 'email');
  // Not a content change: no new version, and updatedAt keeps dating the content.
  await tx.update(campaigns).set({ ownerId: user.id }).where(eq(campaigns.id, row.id));
  await audit(tx, actor, {
    action: 'campaign.owner',
    targetType: 'campaign',
    targetId: row.id,
    before: { ownerId: row.ownerId },
    after: { ownerId: user.id, email: user.email },
  });
  // The cached campaign carries the owner.
  afterCommit.refresh('progress');
  return user;
}

/** Follows the campaign's dated updates; following twice changes nothing. */
export async function followCampaign({ tx }: CommandContext, campaignId: string, userId: string) {
  await tx.insert(campaignFollowers).values({ campaignId, userId }).onConflictDoNothing();
}

/** Stops following; stopping when not following changes nothing. */
export async function unfollowCampaign({ tx }: CommandContext, campaignId: string, userId: string) {
  await tx
    .delete(campaignFollowers)
    .where(and(eq(campaignFollowers.campaignId, campaignId), eq(campaignFollowers.userId, userId)));
}
