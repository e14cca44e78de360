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
 * Forgets the drafts kept on this device: one account's when her account is deleted, every account's when someone
 * signs out (a shared phone must not keep what anyone wrote about her health).
 */
export function forgetDrafts(userId = ''): void {
  const store = storage();
  if (!store) return;
  const prefix = `${DRAFT_PREFIX}${userId}`;
  for (const key of Object.keys(store)) if (key.startsWith(prefix)) store.removeItem(key);
}
