/** The donate page's last card: how a gift is kept safe, with links to the donor agreement and the ledger. */
import { Link } from 'wouter';
import { Lock, ShieldCheck } from 'lucide-react';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';

export default function GiftIsSafe() {
  const c = useCampaign();
  return (
    <Card aria-labelledby="security-title" className="bg-emerald-50">
      <CardTitle id="security-title" className="flex items-center gap-2">
        <ShieldCheck aria-hidden="true" className="h-6 w-6 text-emerald-800" />
        Your Gift Is Safe
      </CardTitle>
      <ul className="mt-3 space-y-2 text-slate-800">
        <li className="flex gap-2">
          <Lock aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-emerald-800" />
          Payments happen on the payment provider's own secure page; we never see or store card details.
        </li>
        <li className="flex gap-2">
          <Lock aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-emerald-800" />
          Money received is released only against verified medical and travel expenses.
        </li>
        {/* Empty on a live site while it is still the seed's example (src/shared/example-content.ts). */}
        {c.costs.claim && (
          <li className="flex gap-2">
            <Lock aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-emerald-800" />
            {c.costs.claim}
          </li>
        )}
      </ul>
      <p className="mt-3 text-sm text-slate-700">
        Read the{' '}
        <Link href="/donor-agreement" className="text-brand-800 underline">
          Donor Agreement
        </Link>{' '}
        for how funds are held, released and refunded, and the{' '}
        <Link href="/transparency" className="text-brand-800 underline">
          transparency page
        </Link>{' '}
        for every payment made so far.
      </p>
    </Card>
  );
}
