/**
 * "Follow updates" beside a campaign's dated updates: signed-in people are told (in the site, and by email
 * if they allow it) when a new update is posted. Signed out (also while prerendered and hydrating, so the
 * HTML matches) it is a link to sign in.
 */
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { Mail } from 'lucide-react';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { buttonClass } from './ui/button.tsx';

// Signed-in only, so never in the prerendered HTML: its code (the mutation, the toast) loads when it shows.
const FollowButton = lazy(() => import('./follow-button.tsx'));

/** For the main appeal (on `/`), or for the patient's fundraiser at `slug` (on its page). */
export function FollowUpdates({ slug }: { slug?: string }) {
  const { user } = useCurrentUser();
  const here = slug ? `/fundraisers/${encodeURIComponent(slug)}` : '/';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-100 bg-white p-4">
      <p className="text-sm text-slate-700">Hear about each new update, here and by email.</p>
      {user ? (
        // Nothing while its code loads: the button waited for the follow status before, too.
        <Suspense fallback={null}>
          <FollowButton slug={slug} />
        </Suspense>
      ) : (
        <Link href={`/login?returnTo=${encodeURIComponent(here)}`} className={buttonClass('secondary')}>
          {/* The page already loads Mail (the bell waits for the signed-in button's own chunk). */}
          <Mail aria-hidden="true" className="h-4 w-4" />
          Sign in to follow updates
        </Link>
      )}
    </div>
  );
}
