import { useQuery } from '@tanstack/react-query';
import type { Ledger } from '#shared/schemas/spending.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';

/** The campaign's public ledger (GET /api/campaigns/<slug>/ledger), read once the page is in the browser. */
export function useLedger() {
  const { slug } = useCampaign();
  return useQuery<Ledger>({ queryKey: ['/api/campaigns', slug, 'ledger'] });
}
