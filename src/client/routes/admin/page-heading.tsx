/** An h1 that takes focus when shown, for views that replace what the admin was working in. */
import { useEffect, useRef, type ReactNode } from 'react';

export function PageHeading({ focus, children }: { focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h1 ref={ref} tabIndex={-1} className="text-3xl font-bold tracking-tight text-ink outline-none">
      {children}
    </h1>
  );
}
