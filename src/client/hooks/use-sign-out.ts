/** Signing out: a POST, then a full load of the home page so nothing of the session stays in memory. */
import { useMutation } from '@tanstack/react-query';
import { logout } from '#client/api/auth.ts';

/** The sign-out action shared by the account menus and the /logout page. */
export function useSignOut() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => window.location.assign('/'),
  });
}
