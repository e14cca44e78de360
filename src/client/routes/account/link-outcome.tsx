/** What a page reached from a mailed link shows once its one request answered: done, or why not. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { buttonClass } from '#client/components/ui/button.tsx';
import { AccountShell } from './account-layout.tsx';

export function LinkOutcome({
  ok,
  title,
  message,
  children,
}: {
  ok: boolean;
  title: string;
  message: string;
  /** Shown under the message, e.g. how to get a new link. */
  children?: ReactNode;
}) {
  return (
    <AccountShell title={title} focusTitle>
      <div role={ok ? 'status' : 'alert'} className="text-center">
        {ok ? (
          <CircleCheck aria-hidden="true" className="mx-auto h-12 w-12 text-green-700" />
        ) : (
          <CircleAlert aria-hidden="true" className="mx-auto h-12 w-12 text-red-700" />
        )}
        <p className="mt-4 text-slate-700">{message}</p>
      </div>
      {children}
      <Link href="/" className={buttonClass('primary', 'md', 'mt-6 w-full')}>
        Go to the home page
      </Link>
    </AccountShell>
  );
}
