import { ExternalLink } from 'lucide-react';
import { useSite } from '#client/lib/campaign-context.tsx';
import { buttonClass } from './ui/button.tsx';

/** The outside crowdfunding page ('Donate Through GoFundMe'). */
export function CrowdfundingLink() {
  // As useGivingOptions (lib/giving-options.ts) reads it, without that module: it goes with the gift form's chunk.
  const { content, hiddenGivingOptions } = useSite();
  const crowdfunding = hiddenGivingOptions?.crowdfunding ? null : content.crowdfunding;
  if (!crowdfunding) return null;
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
