/** The signed-in "Follow updates" toggle, loaded only once someone is signed in (src/client/components/follow-updates.tsx). */
import { Bell, BellRing } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '#client/lib/api.ts';
import { followKey, getFollowStatus, setFollowing } from '#client/api/follow.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { toast } from './ui/toast.ts';
import { Button } from './ui/button.tsx';

/** Follows the main appeal, or the patient's fundraiser at `slug`. */
export default function FollowButton({ slug }: { slug?: string }) {
  const queryClient = useQueryClient();
  const mainAppeal = useCampaign();
  const campaign = slug ?? mainAppeal.slug;
  const status = useQuery({ queryKey: followKey(campaign), queryFn: () => getFollowStatus(campaign) });
  const change = useMutation({
    mutationFn: (follow: boolean) => setFollowing(campaign, follow),
    onSuccess: (answer) => {
      queryClient.setQueryData(followKey(campaign), answer);
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
