/**
 * /transparency/:slug: a patient's fundraiser's transparency page, as the main appeal's /transparency is (rules, plan,
 * totals, every release and every donation) with its own plan and ledger. Rendered by the server with both reads.
 */
import type { PublicFundraiser } from '#shared/schemas/public-fundraisers.ts';
import { campaignLedgerQuery } from '#client/api/public-fundraisers.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { usePageQuery } from '#client/lib/page-query.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import { TransparencyView } from '../public/transparency-view.tsx';
import { BackLink, FundraiserLoader } from './fundraiser-parts.tsx';

function FundraiserTransparency({ fundraiser: f }: { fundraiser: PublicFundraiser }) {
  const { product } = useCampaign();
  usePageTitle(`Where every dollar goes: ${f.title} | ${product.name}`);
  return (
    <TransparencyView
      campaignName={f.title}
      patientName={f.organiserName}
      before={
        <div className="mb-6">
          <BackLink href={`/fundraisers/${encodeURIComponent(f.slug)}`} label="Back to the fundraiser" />
        </div>
      }
      costsTitle="Where the money goes"
      groups={f.costGroups}
      ledger={usePageQuery(campaignLedgerQuery(f.slug))}
      refundHref={`/refund-request?campaign=${encodeURIComponent(f.slug)}`}
    />
  );
}

export default function FundraiserTransparencyPage() {
  return <FundraiserLoader render={(fundraiser) => <FundraiserTransparency fundraiser={fundraiser} />} />;
}
