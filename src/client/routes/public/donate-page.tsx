/** The donate page (/donate): the appeal's progress and video, then the gift form that records an intent. */
import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { ProgressCard } from '#client/components/progress-card.tsx';
import { VideoFacade } from '#client/components/video-facade.tsx';
import { CrowdfundingLink } from '#client/components/crowdfunding-link.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';
import { pageTitleClass } from '#client/components/ui/text-classes.ts';
import { belowFold } from '#client/components/below-fold.tsx';
import { ExampleAppealNotice } from '#client/components/example-appeal-notice.tsx';
import { GiftForm } from './gift-form.tsx';

// How a gift is kept safe: read after choosing, so its code waits until the reader gets there.
const GiftIsSafe = belowFold(() => import('./gift-is-safe.tsx'), '');

export default function DonatePage() {
  const c = useCampaign();

  return (
    <div className="mx-auto max-w-3xl px-4 pb-8">
      <div className="py-4">
        <Link href="/" className={buttonClass('ghost', 'md', '-ml-4')}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to Story
        </Link>
      </div>
      <h1 className={`${pageTitleClass} mb-6`}>Support {c.patient.name}'s Surgery</h1>

      <div className="space-y-6">
        <ExampleAppealNotice />
        <ProgressCard />
        {(c.video.youtubeId || c.video.shortVideoUrl) && (
          <Card aria-labelledby="video-title">
            <CardTitle id="video-title" className="mb-4">
              {c.video.title}
            </CardTitle>
            <VideoFacade />
          </Card>
        )}
        <CrowdfundingLink />

        <GiftForm recipientName={c.patient.name} />
        <GiftIsSafe />
      </div>
    </div>
  );
}
