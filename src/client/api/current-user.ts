/** Who is signed in: every page asks (the entry's one call of the auth contract; the others load with their pages). */
import * as auth from '#shared/contract/auth.ts';
import { call, keyOf } from '#client/lib/api.ts';

export const CURRENT_USER_KEY = keyOf(auth.user);
/** The signed-in user (a 401 when signed out). */
export const getCurrentUser = () => call(auth.user);
