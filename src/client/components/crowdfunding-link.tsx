import { ExternalLink } from 'lucide-react';
import { useGivingOptions } from '#client/lib/giving-options.ts';
import { buttonClass } from './ui/button.tsx';

/** The outside crowdfunding page ('Donate Through GoFundMe'). */
export function CrowdfundingLink() {
  const { crowdfunding } = useGivingOptions();
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
