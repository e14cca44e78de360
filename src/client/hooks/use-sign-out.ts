/**
 * Signing out: a POST, then the drafts this account kept on this device are forgotten (a shared phone must not keep
 * her unsent words), then a full load of the home page so nothing of the session stays in memory.
 */
import { useMutation } from '@tanstack/react-query';
import { logout } from '#client/api/auth.ts';
import { forgetDrafts } from '#client/lib/draft-storage.ts';
import { useCurrentUser } from './use-current-user.ts';

/** The sign-out action shared by the account menus and the /logout page. */
export function useSignOut() {
  const userId = useCurrentUser().user?.id;
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      if (userId) forgetDrafts(userId);
      window.location.assign('/');
    },
  });
}
