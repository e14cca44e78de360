import { ExternalLink } from 'lucide-react';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { buttonClass } from './ui/button.tsx';

/** The outside crowdfunding page ('Donate Through GoFundMe'). */
export function CrowdfundingLink() {
  const { crowdfunding } = useCampaign();
  return (
    <a
      href={crowdfunding.url}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass('secondary', 'lg', 'w-full')}
    >
      {crowdfunding.label}
      <ExternalLink aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
