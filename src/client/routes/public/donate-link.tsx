/** A campaign page's calls to give: a full-width link to its donate page (/donate by default), counted as `event`. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Heart } from 'lucide-react';
import { track } from '#client/lib/analytics.ts';
import { buttonClass } from '#client/components/ui/button.tsx';

export function DonateLink({
  children,
  event,
  href = '/donate',
}: {
  children: ReactNode;
  event: 'donate_click' | 'donate_button_click';
  href?: string;
}) {
  return (
    <Link href={href} className={buttonClass('primary', 'lg', 'w-full')} onClick={() => track({ name: event })}>
      <Heart aria-hidden="true" className="h-5 w-5" />
      {children}
    </Link>
  );
}
