/** The campaign page's calls to give: a full-width link to /donate, counted as the given event. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Heart } from 'lucide-react';
import { track } from '#client/lib/analytics.ts';
import { buttonClass } from '#client/components/ui/button.tsx';

export function DonateLink({
  children,
  event,
}: {
  children: ReactNode;
  event: 'donate_click' | 'donate_button_click';
}) {
  return (
    <Link href="/donate" className={buttonClass('primary', 'lg', 'w-full')} onClick={() => track({ name: event })}>
      <Heart aria-hidden="true" className="h-5 w-5" />
      {children}
    </Link>
  );
}
