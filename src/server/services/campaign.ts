/** The campaign and its public progress, cached briefly so the public endpoints stay cheap. */
import { asc, and, desc, eq, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import { PROGRESS_CACHE_MS } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import type { Db } from '../db/client.ts';
import { asFlagship, type CampaignRow, type FlagshipRow } from '../db/content-shape.ts';
import { SUPPORTERS_SHOWN } from '#shared/schemas/campaign.ts';
import { campaigns, donations, ledgerBalances, ledgerEntries } from '../db/schema/index.ts';
import { cached, type Cached } from './cache.ts';
import { isDatabaseUnavailable } from './db-errors.ts';

export type { CampaignRow, FlagshipRow };

export interface ProgressTotals {
  goalCents: number;
  currentCents: number;
  donorCount: number;
  /** Set only on last-known totals served while the database cannot be reached: when they were read. */
  asOf?: Date;
}

/** How long the progress answer may fall back to the last totals read while the database is unreachable. */
export const STALE_PROGRESS_MAX_MS = 10 * 60_000;

export interface CampaignService {
  /** The site's campaign (the first one created); throws NOT_FOUND before seeding. */
  current(): Promise<FlagshipRow>;
  progress(): Promise<ProgressTotals>;
  /** The cached totals while fresh, else undefined (then call progress()). */
  freshProgress(): ProgressTotals | undefined;
  /** Reads the totals for the outage fallback only (at start: an instance that served nobody has them too). */
  rememberTotals(): Promise<void>;
  /** The most recently recorded gifts that still stand (not voided, not wholly refunded), newest first. */
  supporters(): Promise<SupporterRow[]>;
  /** Drop cached values after a write on this instance; other instances catch up within the TTL. */
  invalidate(): void;
}

export type SupporterRow = Pick<
  typeof donations.$inferSelect,
  | 'donorName'
  | 'isAnonymous'
  | 'showPublicly'
  | 'paymentMethod'
  | 'amountCents'
  | 'currency'
  | 'usdCents'
  | 'message'
  | 'messageHiddenAt'
  | 'createdAt'
>;

async function readSupporters(db: Db, campaignId: string): Promise<SupporterRow[]> {
  const refunded = db
    .select({ total: sum(ledgerEntries.amountCents) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'refund'), eq(ledgerEntries.donationId, donations.id)));
  return db
    .select({
      donorName: donations.donorName,
      isAnonymous: donations.isAnonymous,
      showPublicly: donations.showPublicly,
      paymentMethod: donations.paymentMethod,
      amountCents: donations.amountCents,
      currency: donations.currency,
      usdCents: donations.usdCents,
      message: donations.message,
      messageHiddenAt: donations.messageHiddenAt,
      createdAt: donations.createdAt,
    })
    .from(donations)
    .where(
      and(
        eq(donations.campaignId, campaignId),
        isNull(donations.voidedAt),
        sql`coalesce((${refunded}), 0) < ${donations.usdCents}`,
      ),
    )
    .orderBy(desc(donations.createdAt))
    .limit(SUPPORTERS_SHOWN);
}

async function readCampaign(db: Db): Promise<FlagshipRow> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(isNotNull(campaigns.content))
    .orderBy(asc(campaigns.createdAt))
    .limit(1);
  return asFlagship(row);
}

/** Raised and donors from the campaign's running totals (one row, kept by the ledger's trigger), not a sum of every gift. */
async function readTotals(db: Db, row: CampaignRow): Promise<ProgressTotals> {
  const [balance] = await db
    .select({ raisedCents: ledgerBalances.raisedCents, donationCount: ledgerBalances.donationCount })
    .from(ledgerBalances)
    .where(eq(ledgerBalances.campaignId, row.id));
  return { goalCents: row.goalCents, currentCents: balance?.raisedCents ?? 0, donorCount: balance?.donationCount ?? 0 };
}

export function createCampaignService(db: Db, ttlMs = PROGRESS_CACHE_MS): CampaignService {
  const campaign: Cached<FlagshipRow> = cached(ttlMs, () => readCampaign(db));
  // The last totals read, so the page every visitor polls keeps its figures through a database outage.
  let lastRead: { totals: ProgressTotals; at: number } | undefined;
  const remember = (read: ProgressTotals) => {
    lastRead = { totals: read, at: Date.now() };
    return read;
  };
  const totals: Cached<ProgressTotals> = cached(ttlMs, async () => {
    try {
      return remember(await readTotals(db, await campaign.get()));
    } catch (err) {
      if (!lastRead || !isDatabaseUnavailable(err) || Date.now() - lastRead.at > STALE_PROGRESS_MAX_MS) throw err;
      return { ...lastRead.totals, asOf: new Date(lastRead.at) };
    }
  });
  // Read with the totals' freshness, so the wall and the progress card agree.
  const supporters: Cached<SupporterRow[]> = cached(ttlMs, async () => readSupporters(db, (await campaign.get()).id));
  return {
    current: () => campaign.get(),
    progress: () => totals.get(),
    freshProgress: () => totals.peek(),
    // Past the caches, so it changes nothing a request would read next.
    rememberTotals: async () => {
      remember(await readTotals(db, await readCampaign(db)));
    },
    supporters: () => supporters.get(),
    invalidate() {
      campaign.invalidate();
      totals.invalidate();
      supporters.invalidate();
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A campaign by its id or its slug (public pages know the slug from the content). */
export async function findCampaign(db: Db, idOrSlug: string): Promise<CampaignRow> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(UUID.test(idOrSlug) ? eq(campaigns.id, idOrSlug) : eq(campaigns.slug, idOrSlug));
  if (!row) throw new AppError('NOT_FOUND', 'No such campaign');
  return row;
}
