/** The signed-in "Follow updates" toggle, loaded only once someone is signed in (src/client/components/follow-updates.tsx). */
import { Bell, BellRing } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '#client/lib/api.ts';
import { FOLLOW_KEY, getFollowStatus, setFollowing } from '#client/api/campaign.ts';
import { toast } from './ui/toast.ts';
import { Button } from './ui/button.tsx';

export default function FollowButton() {
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
