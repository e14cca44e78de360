/** Minimal valid rows for tests. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { campaigns, donationIntents, donations } from '../../src/server/db/schema/index.ts';

/** The main appeal's id: the campaign marked so (decision 012). */
export async function mainAppealId(db: Db): Promise<string> {
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.mainAppeal, true));
  return row!.id;
}

export async function buildDonation(db: Db, overrides: Partial<typeof donations.$inferInsert> = {}) {
  const campaignId = overrides.campaignId ?? (await mainAppealId(db));
  const amountCents = overrides.amountCents ?? 5000;
  const [row] = await db
    .insert(donations)
    .values({ campaignId, amountCents, currency: 'USD', usdCents: amountCents, paymentMethod: 'PayPal', ...overrides })
    .returning();
  return row!;
}

export async function buildIntent(db: Db, overrides: Partial<typeof donationIntents.$inferInsert> = {}) {
  const campaignId = overrides.campaignId ?? (await mainAppealId(db));
  const [row] = await db
    .insert(donationIntents)
    .values({ campaignId, amountCents: 2500, paymentMethod: 'PayPal', clientTimestamp: new Date(), ...overrides })
    .returning();
  return row!;
}

/** The main appeal's campaign routes, by the seed's address (content/campaign.json): `/api/campaigns/<slug>/...`. */
export const MAIN_APPEAL_API = '/api/campaigns/maya-endometriosis-surgery';
