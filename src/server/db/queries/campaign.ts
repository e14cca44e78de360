/** Read models of the campaign for its editor and its followers: the stored row, its owner, versions, following. */
import { and, count, desc, eq } from 'drizzle-orm';
import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import type { Page } from '#shared/schemas/paging.ts';
import type { Db } from '../client.ts';
import { asMainAppeal, withCurrentShape, type CampaignRow, type MainAppealRow } from '../content-shape.ts';
import { campaignFollowers, campaignVersions, campaigns, users } from '../schema/index.ts';
import { paged } from './paging.ts';

export type { CampaignRow, MainAppealRow };
type UserRow = typeof users.$inferSelect;

/** The campaign row as stored now (not a cached copy: an editor must see the version they build on). */
export async function storedCampaign(db: Db, id: string): Promise<MainAppealRow> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return asMainAppeal(row);
}

/** A person by id (the campaign's owner, a version's publisher), or undefined. */
export async function personById(db: Db, id: string | null): Promise<UserRow | undefined> {
  if (!id) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A version in the editor's list, with the name of whoever published it (null when unknown or deleted). */
export interface VersionListRow {
  version: number;
  note: string | null;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The campaign's versions, newest first, a page at a time. A database seeded before versions existed has
 * none: its current content is then the one version there is.
 */
export async function versionsPage<Item>(
  db: Db,
  campaign: CampaignRow,
  page: number,
  present: (row: VersionListRow) => Item,
): Promise<Page<Item>> {
  const where = eq(campaignVersions.campaignId, campaign.id);
  const found = await paged(
    { page, pageSize: ADMIN_LIST_PAGE_SIZE },
    (limit, offset) =>
      db
        .select({
          version: campaignVersions.version,
          note: campaignVersions.note,
          createdAt: campaignVersions.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(campaignVersions)
        .leftJoin(users, eq(users.id, campaignVersions.publishedBy))
        .where(where)
        .orderBy(desc(campaignVersions.version))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(campaignVersions).where(where),
    present,
  );
  if (found.total > 0) return found;
  const current: VersionListRow = {
    version: campaign.version,
    note: null,
    createdAt: campaign.updatedAt,
    firstName: null,
    lastName: null,
  };
  return { ...found, items: [present(current)], total: 1 };
}

/** The stored content of one version; the current content stands for its own version in a database seeded before versions existed. */
export async function findVersion(db: Db, campaign: CampaignRow, version: number) {
  const [found] = await db
    .select({
      version: campaignVersions.version,
      content: campaignVersions.content,
      note: campaignVersions.note,
      createdAt: campaignVersions.createdAt,
      publishedBy: campaignVersions.publishedBy,
    })
    .from(campaignVersions)
    .where(and(eq(campaignVersions.campaignId, campaign.id), eq(campaignVersions.version, version)));
  if (found) return { ...found, content: withCurrentShape(found.content) };
  if (version === campaign.version)
    return { version, content: campaign.content, note: null, createdAt: campaign.updatedAt, publishedBy: null };
  throw new AppError('NOT_FOUND', `There is no version ${version}`);
}

/** Whether this person follows the campaign. */
export async function isFollowing(db: Db, campaignId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: campaignFollowers.userId })
    .from(campaignFollowers)
    .where(and(eq(campaignFollowers.campaignId, campaignId), eq(campaignFollowers.userId, userId)));
  return row !== undefined;
}
