/** Every campaign's public figures, the main appeal's among them, cached briefly so the public endpoints stay cheap. */
import { and, desc, eq, isNull, sql, sum } from 'drizzle-orm';
import { PROGRESS_CACHE_MS } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import { campaignIdOrSlug } from '../db/campaign-key.ts';
import type { Db } from '../db/client.ts';
import { asMainAppeal, type CampaignRow, type MainAppealRow } from '../db/content-shape.ts';
import { SUPPORTERS_SHOWN } from '#shared/schemas/campaign.ts';
import { campaigns, donations, ledgerBalances, ledgerEntries } from '../db/schema/index.ts';
import { cached, lastKnown, type Cached } from './cache.ts';

export type { CampaignRow, MainAppealRow };

export interface ProgressTotals {
  goalCents: number;
  currentCents: number;
  donorCount: number;
  /** Set only on last-known totals served while the database cannot be reached: when they were read. */
  asOf?: Date;
}

/** Last-known totals say when they were read. */
const totalsAsOf = (totals: ProgressTotals, readAt: Date): ProgressTotals => ({ ...totals, asOf: readAt });

export interface CampaignService {
  /** The site's main appeal (the campaign marked so, decision 012), cached; NOT_FOUND before seeding. */
  mainAppeal(): Promise<MainAppealRow>;
  /** The main appeal's id while its cached row is fresh, else undefined (then call mainAppeal()). */
  freshMainAppealId(): string | undefined;
  /** Reads the main appeal and its totals for the outage fallback only (at start: an instance that served nobody has them too). */
  rememberTotals(): Promise<void>;
  /** Any campaign's row by its id or slug, cached like its totals (NOT_FOUND for none). */
  campaignOf(idOrSlug: string): Promise<CampaignRow>;
  /** Any campaign's totals by its id or slug (the main appeal's by its id for the spec's progress call). */
  progressOf(idOrSlug: string): Promise<ProgressTotals>;
  /** That campaign's cached totals while fresh, else undefined (then call progressOf()). */
  freshProgressOf(idOrSlug: string): ProgressTotals | undefined;
  /** Any campaign's most recently recorded gifts that still stand (not voided, not wholly refunded), newest first. */
  supportersOf(idOrSlug: string): Promise<SupporterRow[]>;
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

/** The campaign marked the site's main appeal (one at most: `campaigns_main_appeal_uq`). */
export async function readMainAppeal(db: Db): Promise<MainAppealRow> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.mainAppeal, true));
  return asMainAppeal(row);
}

/**
 * Raised and donors from the campaign's running totals (one row, kept by the ledger's trigger), not a sum of every
 * gift. Money refunded was not raised for her: progress falls with a refund (issue 36), as the ledger shows it.
 */
async function readTotals(db: Db, row: CampaignRow): Promise<ProgressTotals> {
  const [balance] = await db
    .select({
      raisedCents: ledgerBalances.raisedCents,
      refundedCents: ledgerBalances.refundedCents,
      donationCount: ledgerBalances.donationCount,
    })
    .from(ledgerBalances)
    .where(eq(ledgerBalances.campaignId, row.id));
  return {
    goalCents: row.goalCents,
    currentCents: balance ? balance.raisedCents - balance.refundedCents : 0,
    donorCount: balance?.donationCount ?? 0,
  };
}

/** One campaign's figures, cached per instance: the row (its goal may change), its totals and its supporters. */
interface CampaignFigures {
  row: Cached<CampaignRow>;
  totals: Cached<ProgressTotals>;
  supporters: Cached<SupporterRow[]>;
  /** Keeps totals read elsewhere as the last known ones (the outage fallback), past the caches. */
  keepTotals(totals: ProgressTotals): void;
}

/**
 * The figures of any campaign by id or slug, each read at most once per `ttlMs`; the main appeal's by its id serve
 * the spec's calls. Only campaigns that exist are kept (a key that finds none is forgotten with its 404), so the
 * map holds at most two keys per campaign.
 */
function campaignFigures(db: Db, ttlMs: number) {
  const byKey = new Map<string, CampaignFigures>();
  const figures = (idOrSlug: string): CampaignFigures => {
    let entry = byKey.get(idOrSlug);
    if (!entry) {
      // Through a database outage each answers what it last read (a campaign never read before answers 503).
      const row = cached(
        ttlMs,
        lastKnown(() => findCampaign(db, idOrSlug)),
      );
      const readTotalsOf = lastKnown(async () => readTotals(db, await row.get()), totalsAsOf);
      const created: CampaignFigures = {
        row,
        totals: cached(ttlMs, readTotalsOf),
        // Read with the totals' freshness, so the wall and the progress card agree.
        supporters: cached(
          ttlMs,
          lastKnown(async () => readSupporters(db, (await row.get()).id)),
        ),
        keepTotals: (totals) => void readTotalsOf.keep(totals),
      };
      byKey.set(idOrSlug, created);
      entry = created;
      row.get().catch(() => {
        if (byKey.get(idOrSlug) === created) byKey.delete(idOrSlug);
      });
    }
    return entry;
  };
  return {
    figures,
    freshTotals: (idOrSlug: string) => byKey.get(idOrSlug)?.totals.peek(),
    invalidate() {
      for (const entry of byKey.values()) {
        entry.row.invalidate();
        entry.totals.invalidate();
        entry.supporters.invalidate();
      }
    },
  };
}

export function createCampaignService(db: Db, ttlMs = PROGRESS_CACHE_MS): CampaignService {
  // Through a database outage each read answers what it last read, for up to LAST_KNOWN_MAX_MS: the pages every
  // visitor opens keep their figures (progress says how old they are).
  const readMain = lastKnown(() => readMainAppeal(db));
  const mainAppeal: Cached<MainAppealRow> = cached(ttlMs, readMain);
  const anyCampaign = campaignFigures(db, ttlMs);
  return {
    mainAppeal: () => mainAppeal.get(),
    freshMainAppealId: () => mainAppeal.peek()?.id,
    // Past the caches, so it changes nothing a request would read next: the spec's progress call needs the main
    // appeal's row (for its id) and its totals.
    rememberTotals: async () => {
      const main = readMain.keep(await readMainAppeal(db));
      anyCampaign.figures(main.id).keepTotals(await readTotals(db, main));
    },
    campaignOf: (idOrSlug) => anyCampaign.figures(idOrSlug).row.get(),
    progressOf: (idOrSlug) => anyCampaign.figures(idOrSlug).totals.get(),
    freshProgressOf: anyCampaign.freshTotals,
    supportersOf: (idOrSlug) => anyCampaign.figures(idOrSlug).supporters.get(),
    invalidate() {
      mainAppeal.invalidate();
      anyCampaign.invalidate();
    },
  };
}

/** A campaign by its id or its slug (public pages know the slug from the content). */
export async function findCampaign(db: Db, idOrSlug: string): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(campaignIdOrSlug(idOrSlug));
  if (!row) throw new AppError('NOT_FOUND', 'No such campaign');
  return row;
}
