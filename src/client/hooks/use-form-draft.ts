/**
 * A long form's unsent text, kept on this device (localStorage, per account and form) as she types, put back when
 * she comes back to the form (Back then Forward, a reload, a closed tab), and a warning before she leaves it with
 * text the server does not have yet. The form clears it once the server has what she wrote.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { DRAFT_PREFIX as PREFIX, storage } from '#client/lib/draft-storage.ts';
import { useCurrentUser } from './use-current-user.ts';

/** A draft older than this is dropped unread: it is private text on a device that others may use. */
const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export const LEAVE_WARNING =
  'Leave this page? What you wrote is not saved to your account yet. A copy stays on this device until you come back.';

interface StoredDraft {
  savedAt: string;
  values: Record<string, unknown>;
}

export interface FormDraft {
  /** When the text put back into the form was kept; null when the form opened without a kept draft. */
  restoredAt: string | null;
  /** Forgets the kept text and puts the form back as it opened. */
  discard: () => void;
  /** Forgets the kept text: call it once the server has what she wrote. */
  clear: () => void;
  /** The form holds text the server does not have. */
  unsaved: () => boolean;
}

const storageKey = (userId: string, form: string) => `${PREFIX}${userId}:${form}`;

function read(key: string): StoredDraft | null {
  try {
    const draft = JSON.parse(storage()?.getItem(key) ?? 'null') as StoredDraft | null;
    if (!draft || typeof draft.values !== 'object' || Date.now() - Date.parse(draft.savedAt) > DRAFT_MAX_AGE_MS) {
      storage()?.removeItem(key);
      return null;
    }
    return draft;
  } catch {
    return null;
  }
}

function write(key: string, values: Record<string, unknown>) {
  try {
    storage()?.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), values } satisfies StoredDraft));
  } catch {
    // Full or blocked storage: the leave warning still protects the text.
  }
}

/** Blank and absent are the same answer: an untouched field and one typed in and emptied again are not a change. */
function normalized(value: unknown): unknown {
  if (value === '' || value === null || value === undefined || Number.isNaN(value)) return undefined;
  if (Array.isArray(value)) return value.map(normalized);
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, normalized(v)]));
  return value;
}

/** The kept fields of a form's values (uploads are left out: their files are not kept for long on the server). */
function kept(values: Record<string, unknown> | undefined, omit: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([name]) => !omit.includes(name)));
}

/** The form's defaults as they are now (formState's copy is the last render's: stale right after a reset). */
const defaultsOf = (form: { control: { _defaultValues: unknown } }) =>
  form.control._defaultValues as Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(normalized(a)) === JSON.stringify(normalized(b));

/** Whether the signed-in account keeps a draft of the form `name` on this device (a form opened on demand opens). */
export function useHasFormDraft(name: string): boolean {
  const userId = useCurrentUser().user?.id;
  return userId ? read(storageKey(userId, name)) !== null : false;
}

/**
 * Keeps `form`'s values under `name` (one per form: "story:new", "story:<id>", "expense:<campaign>") for the
 * signed-in account, except the fields named in `omit`. Whenever they differ from the form's defaults, leaving the
 * page (a reload, closing it, a link) asks first.
 */
export function useFormDraft<T extends FieldValues, Out>(
  form: UseFormReturn<T, unknown, Out>,
  name: string,
  omit: readonly string[] = [],
): FormDraft {
  const userId = useCurrentUser().user?.id;
  const key = userId ? storageKey(userId, name) : null;
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const unsaved = useRef(false);
  const omitted = useRef(omit);

  // Put a kept draft back once, when the form opens, over the defaults (which stay the defaults: it is unsaved).
  const restoredFor = useRef<string | null>(null);
  useEffect(() => {
    if (!key || restoredFor.current === key) return;
    restoredFor.current = key;
    const draft = read(key);
    if (!draft) return;
    const defaults = kept(defaultsOf(form), omitted.current);
    if (same(kept(draft.values, omitted.current), defaults)) return;
    form.reset({ ...form.getValues(), ...kept(draft.values, omitted.current) } as T, { keepDefaultValues: true });
    unsaved.current = true;
    setRestoredAt(draft.savedAt);
  }, [key, form]);

  // Every change is written at once (a few kilobytes): Back right after the last keystroke loses nothing.
  useEffect(() => {
    if (!key) return;
    const subscription = form.watch((values) => {
      const now = kept(values as Record<string, unknown>, omitted.current);
      const defaults = kept(defaultsOf(form), omitted.current);
      unsaved.current = !same(now, defaults);
      if (unsaved.current) write(key, now);
      else storage()?.removeItem(key);
    });
    return () => subscription.unsubscribe();
  }, [key, form]);

  useLeaveWarning(unsaved);

  const clear = useCallback(() => {
    unsaved.current = false;
    if (key) storage()?.removeItem(key);
    setRestoredAt(null);
  }, [key]);
  const discard = useCallback(() => {
    clear();
    form.reset();
  }, [clear, form]);
  const isUnsaved = useCallback(() => unsaved.current, []);
  return { restoredAt, discard, clear, unsaved: isUnsaved };
}

/** A click on a link that leaves this page for another of the site's (or the site), as the router would follow it. */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const to = new URL(link.href, window.location.href);
  const here = window.location;
  if (to.origin === here.origin && to.pathname === here.pathname && to.search === here.search) return null;
  return link;
}

/**
 * While `unsaved.current`, the browser asks before the page unloads (reload, close, another site), and the page
 * asks before a link takes her elsewhere in the site (the router would unmount the form without a word).
 */
function useLeaveWarning(unsaved: { current: boolean }) {
  useEffect(() => {
    let confirmedAt = 0;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      // She already said yes to leaving by a link that loads a new page.
      if (!unsaved.current || Date.now() - confirmedAt < 2000) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (!unsaved.current || !leavingLink(event)) return;
      if (window.confirm(LEAVE_WARNING)) {
        confirmedAt = Date.now();
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    window.addEventListener('beforeunload', beforeUnload);
    // Capture, on the window: before the router's own click handler (React's, on the root) sees the click.
    window.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('click', click, true);
    };
  }, [unsaved]);
}
