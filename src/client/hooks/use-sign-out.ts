/** Signing out: a POST, then a full load of the home page so nothing of the session stays in memory. */
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';

/** The sign-out action shared by the account menus and the /logout page. */
export function useSignOut() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: () => window.location.assign('/'),
  });
}
