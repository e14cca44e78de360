/** Campaign content as stored over time, read in today's shape (by the campaign service and the read models). */
import { AppError } from '#shared/errors.ts';
import type { CampaignContent } from '#shared/schemas/campaign.ts';
import type { campaigns } from './schema/index.ts';

/**
 * Content stored before a change of its shape, in today's shape: databases seeded before dated updates
 * became a list hold one `journey.update`. Applied wherever stored content is read.
 */
export function withCurrentShape(content: CampaignContent): CampaignContent {
  const journey = content.journey as CampaignContent['journey'] & {
    update?: CampaignContent['journey']['updates'][number];
  };
  if (journey.updates || !journey.update) return content;
  const { update, ...rest } = journey;
  return { ...content, journey: { ...rest, updates: [update] } };
}

export type CampaignRow = typeof campaigns.$inferSelect;
/** The main appeal: the campaign whose content is the appeal's document (a patient's fundraiser has none; decision 012). */
export type MainAppealRow = CampaignRow & { content: CampaignContent };

/** The main appeal's row with its content in today's shape; NOT_FOUND when there is none, or for a patient's fundraiser. */
export function asMainAppeal(row: CampaignRow | undefined): MainAppealRow {
  if (!row?.content) throw new AppError('NOT_FOUND', 'No campaign has been set up yet');
  return { ...row, content: withCurrentShape(row.content) };
}
