/**
 * /fundraisers/:slug/donate: give to one patient's live fundraiser. Its own progress, then the site's gift form; the
 * intent is recorded for the fundraiser's campaign, so the gift is recorded against it. A closed one takes none.
 */
import { Link } from 'wouter';
import { transparencyPath } from '#shared/routes.ts';
import type { PublicFundraiser } from '#shared/schemas/public-fundraisers.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { usePageTitle } from '#client/lib/page-title.ts';
import { Card } from '#client/components/ui/card.tsx';
import { linkClass, pageTitleClass } from '#client/components/ui/text-classes.ts';
import { GiftForm } from '../public/gift-form.tsx';
import { donateHeading, donatePageTitle } from './donate-words.ts';
import { BackLink, FundraiserLoader } from './fundraiser-parts.tsx';
import { Progress } from './fundraiser-progress.tsx';

function Donate({ fundraiser: f }: { fundraiser: PublicFundraiser }) {
  const { product } = useCampaign();
  usePageTitle(donatePageTitle(f, product.name));
  const page = `/fundraisers/${encodeURIComponent(f.slug)}`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <BackLink href={page} label="Back to the fundraiser" />
      <h1 className={`${pageTitleClass} mt-6 break-words`}>{donateHeading(f)}</h1>
      <p className="mt-2 mb-6 text-xl break-words text-slate-700">{f.title}</p>
      <div className="space-y-6">
        <Progress fundraiser={f} />
        {f.status === 'live' ? (
          <>
            <GiftForm recipientName={f.organiserName} campaignId={f.campaignId} />
            <p className="text-sm text-slate-700">
              Gifts are recorded against this fundraiser and released only against verified expenses, paid to{' '}
              {f.payee?.name ?? 'the care provider'}; every release is on{' '}
              <Link href={transparencyPath(f.slug)} className={linkClass}>
                the fundraiser&apos;s public ledger
              </Link>
              .
            </p>
          </>
        ) : (
          <Card>
            <p className="text-slate-800">
              This fundraiser is closed and takes no new gifts. Its page and ledger stay readable.
            </p>
            <Link href={page} className={`${linkClass} mt-3 inline-block`}>
              Read the fundraiser
            </Link>
          </Card>
        )}
      </div>
    </div>
  );
}

export default function FundraiserDonatePage() {
  return <FundraiserLoader render={(fundraiser) => <Donate fundraiser={fundraiser} />} />;
}
