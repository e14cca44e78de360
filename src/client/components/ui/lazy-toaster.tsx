/** Loads the toaster once the page is idle, or at once when a toast is raised before then. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { subscribeToasts } from './toast.ts';

const Toaster = lazy(() => import('./toaster.tsx'));

export function LazyToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const unsubscribe = subscribeToasts(() => setWanted(true));
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1));
    idle(() => setWanted(true));
    return () => void unsubscribe();
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
