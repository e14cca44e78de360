/** Campaign content as stored over time, read in today's shape (by the campaign service and the read models). */
import type { CampaignContent } from '#shared/schemas/campaign.ts';

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
