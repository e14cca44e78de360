/**
 * /transparency: the main appeal's transparency page (transparency-view.tsx). The explanation and the plan are
 * prerendered; the figures are read in the browser.
 */
import { Link } from 'wouter';
import { buttonClass } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { useLedger } from '#client/hooks/use-ledger.ts';
import { TransparencyView } from './transparency-view.tsx';

export default function TransparencyPage() {
  const c = useCampaign();
  return (
    <TransparencyView
      campaignName={c.name}
      patientName={c.patient.name}
      costsTitle={c.costs.title}
      groups={c.costs.groups}
      ledger={useLedger()}
      refundHref="/refund-request"
    >
      <Card aria-labelledby="fundraisers-title">
        <CardTitle id="fundraisers-title">Patients&rsquo; own fundraisers</CardTitle>
        <p className="mt-2 text-slate-700">
          Patients of the community who raise funds here keep to the same rules, each with a ledger of her own, linked
          from her fundraiser&rsquo;s page.
        </p>
        <Link href="/fundraisers" className={buttonClass('secondary', 'md', 'mt-4')}>
          See the fundraisers
        </Link>
      </Card>
    </TransparencyView>
  );
}
