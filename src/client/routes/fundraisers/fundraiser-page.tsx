/**
 * /fundraisers/:slug: one patient's live (or closed) fundraiser: her story and images, its own progress from the
 * ledger, the planned cost groups against what was released, the supporters, and a way to give while it is live
 * (the main appeal's donate strip, kept at the bottom of the screen once scrolled past). Share at the top, the
 * share set below. Rendered by the server with its four reads (decision 008).
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Heart } from 'lucide-react';
import type { PublicFundraiser } from '#shared/schemas/public-fundraisers.ts';
import { track } from '#client/lib/analytics.ts';
import { buttonClass } from '#client/components/ui/button.tsx';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { usePageTitle } from '#client/lib/page-title.ts';
import { formatDay } from '#client/lib/format.ts';
import { belowFold } from '#client/components/below-fold.tsx';
import { CopyLinkButton } from '#client/components/copy-link-button.tsx';
import { DonateStrip } from '#client/components/donate-strip.tsx';
import { MedicallyReviewed } from './medically-reviewed.tsx';
import { BackLink, FundraiserLoader } from './fundraiser-parts.tsx';
import { Progress, useFundraiserFigures } from './fundraiser-progress.tsx';

/**
 * A call to give, counted as the main appeal's are. Its own, not the main appeal's DonateLink: sharing that one splits it
 * into a chunk of its own, which costs the home page more than these lines. Here, not in fundraiser-parts.tsx, so
 * the donate page does not load it (the details below import it from here).
 */
export function DonateLink({
  href,
  event,
  children,
}: {
  href: string;
  event: 'donate_click' | 'donate_button_click';
  children: ReactNode;
}) {
  return (
    <Link href={href} className={buttonClass('primary', 'lg', 'w-full')} onClick={() => track({ name: event })}>
      <Heart aria-hidden="true" className="h-5 w-5" />
      {children}
    </Link>
  );
}

/**
 * The donate strip with her fundraiser's figures. Its own component, so a new figure re-renders only the strip: an
 * update reaching the page before its below-fold part hydrated would throw away that part's server HTML.
 */
function FundraiserDonateStrip({ fundraiser, href }: { fundraiser: PublicFundraiser; href: string }) {
  return <DonateStrip progress={useFundraiserFigures(fundraiser)} href={href} />;
}

// Her story, updates, the plan against the ledger and the supporters: below the first screen on a phone.
const Details = belowFold(() => import('./fundraiser-details.tsx'), 'space-y-8');

function Fundraiser({ fundraiser: f }: { fundraiser: PublicFundraiser }) {
  const { product } = useCampaign();
  usePageTitle(`${f.title} | ${product.name}`);
  const live = f.status === 'live';
  const donatePage = `/fundraisers/${encodeURIComponent(f.slug)}/donate`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <div className="flex items-center justify-between gap-4">
        <BackLink />
        <CopyLinkButton label="Share" shareSheet />
      </div>
      <article aria-labelledby="fundraiser-title" className="mt-6 space-y-8">
        <header>
          {!live && (
            <p className="mb-3 inline-block rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-800">
              Closed: this fundraiser takes no new gifts
            </p>
          )}
          <h1
            id="fundraiser-title"
            className="text-3xl leading-tight font-bold tracking-tight break-words text-ink sm:text-4xl"
          >
            {f.title}
          </h1>
          <p className="mt-3 text-slate-700">
            Organised by {f.organiserName}
            {f.neededBy && (
              <>
                {' '}
                · Treatment planned <time dateTime={f.neededBy}>{formatDay(f.neededBy, 'long')}</time>
              </>
            )}
          </p>
          <MedicallyReviewed review={f.medicalReview} />
          {live && (
            <div className="mt-5">
              <FundraiserDonateStrip fundraiser={f} href={donatePage} />
            </div>
          )}
        </header>
        {f.images.length > 0 && (
          <div className="grid gap-3 sm:grid-cols-2">
            {f.images.map((image) => (
              <img
                key={image.url}
                src={image.url}
                alt={image.alt}
                width={800}
                height={600}
                className="aspect-[4/3] h-auto w-full rounded-2xl border border-brand-100 bg-brand-50 object-contain"
              />
            ))}
          </div>
        )}
        <div className="grid gap-4">
          <Progress fundraiser={f} />
          {live && (
            <DonateLink href={donatePage} event="donate_click">
              Donate
            </DonateLink>
          )}
        </div>
        <Details />
      </article>
    </div>
  );
}

export default function FundraiserPage() {
  return <FundraiserLoader render={(fundraiser) => <Fundraiser fundraiser={fundraiser} />} />;
}
