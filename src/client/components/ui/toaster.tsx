/** Shows the toasts: 5000 ms, swipe right 50 px to dismiss, paused on hover/focus, F8 focuses the region. */
import { useSyncExternalStore } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '#shared/constants.ts';
import { dismissToast, getToasts, subscribeToasts, type ToastItem } from './toast.ts';

const NONE: ToastItem[] = [];

export default function Toaster() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, () => NONE);
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {items.map((t) => (
        <RadixToast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={`pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-xl border p-4 pr-10 shadow-lg data-[state=closed]:hidden data-[swipe=end]:translate-x-full data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
            t.variant === 'destructive' ? 'border-red-800 bg-red-700 text-white' : 'border-brand-100 bg-white text-ink'
          }`}
        >
          <div className="grid gap-1">
            <RadixToast.Title className="text-sm font-semibold">{t.title}</RadixToast.Title>
            {t.description && <RadixToast.Description className="text-sm">{t.description}</RadixToast.Description>}
          </div>
          <RadixToast.Close aria-label="Close" className="absolute top-2 right-2 rounded-md p-1">
            <X aria-hidden="true" className="h-4 w-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="fixed right-0 bottom-0 z-50 flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </RadixToast.Provider>
  );
}
