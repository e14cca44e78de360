/**
 * The one toast API (spec section 4): one toast at a time, a new one replaces the last.
 * The store is tiny; the Radix UI that shows toasts (toaster.tsx) loads after the page is interactive.
 */
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '#shared/constants.ts';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Shows a toast, replacing the current one. */
export function toast(input: ToastInput): void {
  toasts = [{ ...input, id: nextId++, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
}

export function dismissToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  // The closed item is dropped much later, as the spec says; Radix has long finished its exit by then.
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): ToastItem[] => toasts;
