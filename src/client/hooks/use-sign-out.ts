/**
 * Signing out: a POST, then the drafts kept on this device are forgotten (a shared phone must not keep anyone's
 * unsent words), then a full load of the home page so nothing of the session stays in memory.
 */
import { useMutation } from '@tanstack/react-query';
import { logout } from '#client/api/auth.ts';
import { forgetDrafts } from '#client/lib/draft-storage.ts';

/** The sign-out action shared by the account menus and the /logout page. */
export function useSignOut() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      forgetDrafts();
      window.location.assign('/');
    },
  });
}
