/**
 * The public ledger: what came in, what is held, what went out and to what; cached briefly per instance.
 * A cached service, it owns the SQL it caches (services import no queries).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { COST_GROUP_KEYS, PROGRESS_CACHE_MS, type CostGroupKey } from '#shared/constants.ts';
import { publicDonorName } from '#shared/schemas/campaign.ts';
import { COST_GROUP_LABELS } from '#shared/schemas/fundraisers.ts';
import type { Ledger } from '#shared/schemas/spending.ts';
import type { Db } from '../db/client.ts';
import { donations, expenses, fundraisers, ledgerBalances, ledgerEntries } from '../db/schema/index.ts';
import { cached, lastKnown, type Cached } from './cache.ts';
import type { CampaignRow } from './campaign.ts';

/** How many recent donations the public ledger lists by name. */
export const LEDGER_DONATIONS_SHOWN = 100;

/** Released USD cents per cost group (every group present, zero when nothing was released). */
async function releasedByGroup(db: Db, campaignId: string): Promise<Record<CostGroupKey, number>> {
  const rows = await db
    .select({ group: ledgerEntries.costGroup, total: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.campaignId, campaignId), eq(ledgerEntries.kind, 'release')))
    .groupBy(ledgerEntries.costGroup);
  const totals = Object.fromEntries(COST_GROUP_KEYS.map((key) => [key, 0])) as Record<CostGroupKey, number>;
  for (const row of rows) if (row.group) totals[row.group] = Number(row.total);
  return totals;
}

/** The planned cost groups: the main appeal's content, or a patient's fundraiser's groups (decision 009). */
async function plannedGroups(db: Db, campaign: CampaignRow) {
  if (campaign.content) return campaign.content.costs.groups;
  const [fundraiser] = await db
    .select({ costGroups: fundraisers.costGroups })
    .from(fundraisers)
    .where(eq(fundraisers.campaignId, campaign.id));
  return (fundraiser?.costGroups ?? []).map((g) => ({ ...g, label: COST_GROUP_LABELS[g.key] }));
}

/** The public ledger: totals (processor fees on their own line) and the donation count from the database-kept balance, planned vs released per group, releases, donors. */
export async function readLedger(db: Db, campaign: CampaignRow): Promise<Ledger> {
  const live = and(eq(donations.campaignId, campaign.id), isNull(donations.voidedAt));
  const [[balance], released, releases, recent] = await Promise.all([
    db.select().from(ledgerBalances).where(eq(ledgerBalances.campaignId, campaign.id)),
    releasedByGroup(db, campaign.id),
    db
      .select()
      .from(expenses)
      .where(and(eq(expenses.campaignId, campaign.id), eq(expenses.status, 'released')))
      .orderBy(desc(expenses.releasedAt)),
    db
      .select({
        donorName: donations.donorName,
        isAnonymous: donations.isAnonymous,
        showPublicly: donations.showPublicly,
        usdCents: donations.usdCents,
        usdFeeCents: donations.usdFeeCents,
        createdAt: donations.createdAt,
      })
      .from(donations)
      .where(live)
      .orderBy(desc(donations.createdAt))
      .limit(LEDGER_DONATIONS_SHOWN),
  ]);
  const raised = balance?.raisedCents ?? 0;
  const releasedTotal = balance?.releasedCents ?? 0;
  const refunded = balance?.refundedCents ?? 0;
  const fees = balance?.feesCents ?? 0;
  return {
    campaignId: campaign.id,
    currency: 'USD',
    totals: {
      raisedCents: raised,
      feesCents: fees,
      heldCents: raised - fees - releasedTotal - refunded,
      releasedCents: releasedTotal,
      refundedCents: refunded,
    },
    groups: (await plannedGroups(db, campaign)).map((g) => ({
      key: g.key,
      label: g.label,
      plannedCents: g.amountCents,
      releasedCents: released[g.key],
    })),
    releases: releases.map((e) => ({
      expenseId: e.id,
      costGroup: e.costGroup,
      payeeCategory: e.payeeCategory,
      // Never the submitted description: it is written for the approvers and may hold health details.
      description: e.publicDescription,
      amountCents: e.usdCents,
      paidOn: e.paidOn ?? e.releasedAt!.toISOString().slice(0, 10),
    })),
    donations: recent.map((d) => ({
      donorName: publicDonorName(d),
      amountCents: d.usdCents,
      feeCents: d.usdFeeCents,
      date: d.createdAt.toISOString().slice(0, 10),
    })),
    donationCount: balance?.donationCount ?? 0,
  };
}

export interface LedgerService {
  read(campaign: CampaignRow): Promise<Ledger>;
  /** After a money write on this instance; the others catch up within the TTL. */
  invalidate(): void;
}

export function createLedgerService(db: Db, ttlMs = PROGRESS_CACHE_MS): LedgerService {
  const byCampaign = new Map<string, { version: number; ledger: Cached<Ledger> }>();
  return {
    read(campaign) {
      let entry = byCampaign.get(campaign.id);
      // Planned amounts come from the content: a new content version reads afresh.
      if (!entry || entry.version !== campaign.version) {
        // Through a database outage it answers what it last read, like the campaign's progress.
        entry = {
          version: campaign.version,
          ledger: cached(
            ttlMs,
            lastKnown(() => readLedger(db, campaign)),
          ),
        };
        byCampaign.set(campaign.id, entry);
      }
      return entry.ledger.get();
    },
    invalidate() {
      for (const entry of byCampaign.values()) entry.ledger.invalidate();
    },
  };
}
