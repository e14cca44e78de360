/** The campaign page (/): the patient's appeal, every section of spec section 2, in order. */
import { AlertTriangle } from 'lucide-react';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { ProgressCard } from '#client/components/progress-card.tsx';
import { RecentSupporters } from '#client/components/recent-supporters.tsx';
import { DonateStrip } from '#client/components/donate-strip.tsx';
import { useProgressFigures } from '#client/hooks/use-progress.ts';
import { VideoFacade } from '#client/components/video-facade.tsx';
import { CopyLinkButton } from '#client/components/copy-link-button.tsx';
import { CrowdfundingLink } from '#client/components/crowdfunding-link.tsx';
import { belowFold } from '#client/components/below-fold.tsx';
import { ExampleAppealNotice } from '#client/components/example-appeal-notice.tsx';
import { DonateLink } from './donate-link.tsx';

// The story, the surgeon, the costs and the calls to share: most of the page, below the first screens.
const CampaignStory = belowFold(() => import('./campaign-story.tsx'), 'space-y-10');

/**
 * The strip with the appeal's polled figures. Its own component, so a new figure re-renders only the strip: an
 * update reaching the page before its below-fold part hydrated would throw away that part's server HTML.
 */
function AppealDonateStrip() {
  return <DonateStrip progress={useProgressFigures()} href="/donate" />;
}

export default function CampaignPage() {
  const c = useCampaign();

  return (
    <div className="mx-auto max-w-4xl px-4 pb-8">
      <header className="flex items-center justify-between gap-4 py-4">
        <p className="text-lg font-semibold text-brand-800">{c.name}</p>
        <CopyLinkButton label="Share" shareSheet />
      </header>

      <div className="space-y-10">
        <section aria-labelledby="headline" className="space-y-4">
          <ExampleAppealNotice />
          {/* Empty on a live site while it is still the seed's example (src/shared/example-content.ts). */}
          {c.urgentBadge && (
            <p className="inline-flex items-center gap-2 rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white">
              <AlertTriangle aria-hidden="true" className="h-4 w-4" />
              {c.urgentBadge}
            </p>
          )}
          <h1 id="headline" className="text-2xl leading-tight font-bold tracking-tight text-ink sm:text-4xl">
            {c.headline}
          </h1>
          <AppealDonateStrip />
          <p className="text-lg leading-relaxed text-slate-700">{c.intro}</p>
          <VideoFacade />
        </section>

        <div className="grid gap-4">
          <ProgressCard />
          <DonateLink event="donate_click">Donate Now</DonateLink>
          <div className="grid gap-3 sm:grid-cols-2">
            <CopyLinkButton label="Share This Page" size="lg" shareSheet />
            <CrowdfundingLink />
          </div>
        </div>

        <RecentSupporters>
          <DonateLink event="donate_click">Join Our Supporters</DonateLink>
        </RecentSupporters>

        <CampaignStory />
      </div>
    </div>
  );
}
