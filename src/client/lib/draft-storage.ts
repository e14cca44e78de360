/**
 * Where forms keep unsent text on this device (hooks/use-form-draft.ts), apart from the hook so that signing out,
 * which every page can do, forgets the drafts without loading the forms' code.
 */
export const DRAFT_PREFIX = 'hc-draft:';

export function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage blocked (private mode, a policy): forms work without drafts.
  }
}

/**
 * Forgets every draft this account kept on this device: when she signs out (a shared phone must not keep what she
 * wrote about her health) and when her account is deleted.
 */
export function forgetDrafts(userId: string): void {
  const store = storage();
  if (!store) return;
  const mine = `${DRAFT_PREFIX}${userId}:`;
  for (const key of Object.keys(store)) if (key.startsWith(mine)) store.removeItem(key);
}
