/**
 * Where a visitor was going when she chose to join instead of signing in (a patient's care link, say): kept in
 * session storage from /get-started, through /register, to the end of onboarding, which takes her back there.
 */
import { safeReturnPath } from '#shared/return-path.ts';

const KEY = 'returnAfterJoining';

/** Keeps `path` (when it is a same-site path other than the home page) for the end of onboarding. */
export function keepReturnAfterJoining(path: string | null): void {
  const safe = safeReturnPath(path);
  try {
    if (safe !== '/') sessionStorage.setItem(KEY, safe);
  } catch {
    // Storage can be blocked: she lands where onboarding sends everyone.
  }
}

/** The kept path, once (it is forgotten as it is read), or null. */
export function takeReturnAfterJoining(): string | null {
  try {
    const kept = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return kept === null ? null : safeReturnPath(kept);
  } catch {
    return null;
  }
}
