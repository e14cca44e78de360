/**
 * The one line a page shows while it waits (for its data, or to know who is signed in). Its own module, which the
 * app's entry holds (it is the fallback while a page's code loads), so a page showing it loads nothing more.
 */
import type { ReactNode } from 'react';

export function PageStatus({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="mx-auto max-w-3xl px-4 py-20 text-center text-slate-700">
      {children}
    </div>
  );
}
