/**
 * Giving always one tap away on a page that takes gifts (the main appeal, a patient's fundraiser): a slim strip with
 * the amount raised, the goal, the bar and Donate, right under the headline (so the first screen shows them), and
 * the same strip fixed at the bottom of the screen once that one has scrolled away. While the fixed strip shows, the
 * page keeps room for it (scroll-padding), so an element that takes focus is never hidden behind it.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Heart } from 'lucide-react';
import type { ProgressView } from '#client/hooks/use-progress.ts';
import { track } from '#client/lib/analytics.ts';
import { formatWholeDollars } from '#client/lib/format.ts';
import { buttonClass } from './ui/button.tsx';

/** Room the fixed strip takes at the bottom of the screen. */
const FIXED_STRIP_ROOM = '6rem';

/** The figures the strip shows, and where its Donate leads. */
interface StripProps {
  progress: Pick<ProgressView, 'currentCents' | 'goalCents' | 'loaded'> & { shownPercent: number };
  href: string;
}

function StripContent({ fixed, progress, href }: StripProps & { fixed: boolean }) {
  return (
    <div className="flex items-center gap-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm text-slate-700">
          <span className="text-lg font-bold text-brand-800">
            {progress.loaded ? formatWholeDollars(progress.currentCents) : '…'}
          </span>
          <span>raised of {formatWholeDollars(progress.goalCents)}</span>
        </p>
        {/* The page's progressbar is the card's; this one is a picture of it. */}
        <div aria-hidden="true" className="mt-1.5 h-2 w-full overflow-hidden rounded-full bg-brand-100">
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${progress.shownPercent}%` }} />
        </div>
      </div>
      <Link
        href={href}
        className={buttonClass('primary', 'lg', 'shrink-0')}
        onClick={() => track({ name: 'donate_button_click' })}
        data-testid={fixed ? 'sticky-donate' : 'hero-donate'}
      >
        <Heart aria-hidden="true" className="h-5 w-5" />
        Donate
      </Link>
    </div>
  );
}

export function DonateStrip(props: StripProps) {
  const strip = useRef<HTMLDivElement>(null);
  // Shown once the in-page strip has gone above the top of the screen; never before hydration.
  const [scrolledPast, setScrolledPast] = useState(false);
  useEffect(() => {
    const element = strip.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) =>
      setScrolledPast(!entry!.isIntersecting && entry!.boundingClientRect.top < 0),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!scrolledPast) return;
    const root = document.documentElement;
    root.style.scrollPaddingBottom = FIXED_STRIP_ROOM;
    // The page's end stays reachable above the fixed strip.
    document.body.style.paddingBottom = FIXED_STRIP_ROOM;
    return () => {
      root.style.scrollPaddingBottom = '';
      document.body.style.paddingBottom = '';
    };
  }, [scrolledPast]);
  return (
    <>
      <div ref={strip} className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
        <StripContent fixed={false} {...props} />
      </div>
      {scrolledPast && (
        <div
          className="fixed inset-x-0 bottom-0 z-30 border-t border-brand-100 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)]"
          data-testid="sticky-donate-bar"
        >
          <div className="mx-auto max-w-4xl">
            <StripContent fixed {...props} />
          </div>
        </div>
      )}
    </>
  );
}
