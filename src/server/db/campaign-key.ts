/** How the API names a campaign: by its id or by its slug (`/api/campaigns/:id/...`, `?campaign=`). */
import { eq } from 'drizzle-orm';
import { campaigns } from './schema/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The condition for the campaign `idOrSlug` names (a slug is never compared with the uuid column). */
export const campaignIdOrSlug = (idOrSlug: string) =>
  UUID.test(idOrSlug) ? eq(campaigns.id, idOrSlug) : eq(campaigns.slug, idOrSlug);
