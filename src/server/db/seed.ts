/**
 * Setting up a new database, after the migrations: the flagship appeal from content/campaign.json, seeded as the
 * campaign marked the site's main appeal (decision 012). It runs
 * before the app (whose services read the campaign) exists, like migrate(), so it is not a command.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { CampaignContentSchema, type CampaignContent } from '#shared/schemas/campaign.ts';
import { CONTENT_DIR } from '../paths.ts';
import type { Db } from './client.ts';
import { campaignVersions, campaigns } from './schema/index.ts';

/** Reads and validates the seed content file. */
export async function readSeedContent(file = path.join(CONTENT_DIR, 'campaign.json')): Promise<CampaignContent> {
  const raw = JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
  return CampaignContentSchema.parse(raw);
}

/**
 * Inserts the seeded campaign (as its version 1), marked the main appeal, when neither a campaign with its slug nor
 * a main appeal exists; returns whether it inserted.
 */
export async function seedCampaign(db: Db, content?: CampaignContent): Promise<boolean> {
  const seed = content ?? (await readSeedContent());
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(campaigns)
      .values({
        slug: seed.slug,
        content: seed,
        mainAppeal: true,
        goalCents: seed.goal.cents,
        currency: seed.goal.currency,
        version: 1,
      })
      // Either unique index: its slug, or the one main appeal (campaigns_main_appeal_uq).
      .onConflictDoNothing()
      .returning({ id: campaigns.id });
    if (!inserted) return false;
    await tx
      .insert(campaignVersions)
      .values({ campaignId: inserted.id, version: 1, content: seed, note: 'Seeded from content/campaign.json' });
    return true;
  });
}
