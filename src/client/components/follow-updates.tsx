/**
 * "Follow updates" beside the campaign's dated updates: signed-in people are told (in the site, and by email
 * if they allow it) when a new update is posted. Signed out (also while prerendered and hydrating, so the
 * HTML matches) it is a link to sign in.
 */
import { Link } from 'wouter';
import { Bell, BellRing } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { errorMessage } from '#client/lib/api.ts';
import { FOLLOW_KEY, getFollowStatus, setFollowing } from '#client/api/campaign.ts';
import { toast } from './ui/toast.ts';
import { Button, buttonClass } from './ui/button.tsx';

function FollowButton() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: FOLLOW_KEY, queryFn: getFollowStatus });
  const change = useMutation({
    mutationFn: setFollowing,
    onSuccess: (answer) => {
      queryClient.setQueryData(FOLLOW_KEY, answer);
      toast({ title: answer.following ? 'You follow the updates' : 'You no longer follow the updates' });
    },
    onError: (err) =>
      toast({ title: 'Not changed', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
  const following = status.data?.following ?? false;
  return (
    // A toggle: the name stays, aria-pressed (and the look) says whether it is on.
    <Button
      variant={following ? 'primary' : 'secondary'}
      aria-pressed={following}
      disabled={!status.data || change.isPending}
      onClick={() => change.mutate(!following)}
    >
      {following ? (
        <BellRing aria-hidden="true" className="h-4 w-4" />
      ) : (
        <Bell aria-hidden="true" className="h-4 w-4" />
      )}
      Follow updates
    </Button>
  );
}

export function FollowUpdates() {
  const { user } = useCurrentUser();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-100 bg-white p-4">
      <p className="text-sm text-slate-700">Hear about each new update, here and by email.</p>
      {user ? (
        <FollowButton />
      ) : (
        <Link href={`/login?returnTo=${encodeURIComponent('/')}`} className={buttonClass('secondary')}>
          <Bell aria-hidden="true" className="h-4 w-4" />
          Sign in to follow updates
        </Link>
      )}
    </div>
  );
}
