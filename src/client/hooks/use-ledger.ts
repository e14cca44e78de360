import { useQuery } from '@tanstack/react-query';
import { getLedger } from '#client/api/campaign.ts';
import { ledgerKey } from '#client/api/public-fundraisers.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';

/** The campaign's public ledger (GET /api/campaigns/<slug>/ledger), read once the page is in the browser. */
export function useLedger() {
  const { slug } = useCampaign();
  return useQuery({ queryKey: ledgerKey(slug), queryFn: () => getLedger(slug) });
}
