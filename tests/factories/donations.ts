/** Minimal valid rows for tests. */
import { asc, isNotNull } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { campaigns, donationIntents, donations } from '../../src/server/db/schema/index.ts';

/** The flagship's id: the oldest campaign with content (a patient's fundraiser has none). */
export async function primaryCampaignId(db: Db): Promise<string> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(isNotNull(campaigns.content))
    .orderBy(asc(campaigns.createdAt))
    .limit(1);
  return row!.id;
}

export async function buildDonation(db: Db, overrides: Partial<typeof donations.$inferInsert> = {}) {
  const campaignId = overrides.campaignId ?? (await primaryCampaignId(db));
  const amountCents = overrides.amountCents ?? 5000;
  const [row] = await db
    .insert(donations)
    .values({ campaignId, amountCents, currency: 'USD', usdCents: amountCents, paymentMethod: 'PayPal', ...overrides })
    .returning();
  return row!;
}

export async function buildIntent(db: Db, overrides: Partial<typeof donationIntents.$inferInsert> = {}) {
  const campaignId = overrides.campaignId ?? (await primaryCampaignId(db));
  const [row] = await db
    .insert(donationIntents)
    .values({ campaignId, amountCents: 2500, paymentMethod: 'PayPal', clientTimestamp: new Date(), ...overrides })
    .returning();
  return row!;
}
