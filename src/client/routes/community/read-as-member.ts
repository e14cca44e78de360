/**
 * The server renders the story pages as a signed-out reader sees them (a members-only story's preview, no muted
 * topics left out): once the reader is known to be signed in, her browser reads them again as herself.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';

/** Reads these again once, when a signed-in reader's page started from the outsider's answer (`needed`). */
export function useReadAsMember(keys: readonly QueryKey[], needed: boolean): void {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const done = useRef<string | null>(null);
  const signature = JSON.stringify(keys);
  useEffect(() => {
    if (!user || !needed || done.current === `${user.id} ${signature}`) return;
    done.current = `${user.id} ${signature}`;
    for (const queryKey of JSON.parse(signature) as QueryKey[]) void queryClient.invalidateQueries({ queryKey });
  }, [user, needed, signature, queryClient]);
}
