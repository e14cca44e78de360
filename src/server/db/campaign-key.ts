/** How the API names a campaign: by its id or by its slug (`/api/campaigns/:id/...`, `?campaign=`). */
import { eq } from 'drizzle-orm';
import { campaigns } from './schema/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether this text has the shape of an id. A campaign's address never has it (`campaigns_slug_not_id`, migration
 * 0022), so a key of that shape names one campaign by its id and no other by its address.
 */
export const isIdShaped = (text: string) => UUID.test(text);

/** The condition for the campaign `idOrSlug` names (a slug is never compared with the uuid column). */
export const campaignIdOrSlug = (idOrSlug: string) =>
  isIdShaped(idOrSlug) ? eq(campaigns.id, idOrSlug) : eq(campaigns.slug, idOrSlug);
