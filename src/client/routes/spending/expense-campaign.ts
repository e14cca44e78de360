/** Which campaign the expense pages work on: a patient's fundraiser (`?campaign=<slug>`), else the main appeal. */
import { useSearch } from 'wouter';
import { COST_GROUP_KEYS } from '#shared/constants.ts';
import { transparencyPath } from '#shared/routes.ts';
import { COST_GROUP_LABELS } from '#shared/fundraiser-words.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';

const FUNDRAISER_GROUPS = COST_GROUP_KEYS.map((key) => ({ key, label: COST_GROUP_LABELS[key] }));

export function useExpenseCampaign() {
  const site = useCampaign();
  const fundraiser = new URLSearchParams(useSearch()).get('campaign');
  if (fundraiser === null)
    return {
      slug: site.slug,
      query: '',
      groups: site.costs.groups,
      ledgerHref: transparencyPath(),
      owner: site.patient.name,
    };
  return {
    slug: fundraiser,
    /** Carried on the links between the list and the form. */
    query: `?campaign=${encodeURIComponent(fundraiser)}`,
    groups: FUNDRAISER_GROUPS,
    ledgerHref: transparencyPath(fundraiser),
    owner: 'the patient who organises it',
  };
}
