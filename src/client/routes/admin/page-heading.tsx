/**
 * An h1 that takes focus when shown, for views that replace what the admin was working in, and again whenever
 * `focusWhenChanged` changes (the view's content was replaced under the same heading).
 */
import { useEffect, useRef, type ReactNode } from 'react';

export function PageHeading({
  focus,
  focusWhenChanged,
  children,
}: {
  focus: boolean;
  focusWhenChanged?: unknown;
  children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const shownFor = useRef(focusWhenChanged);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  useEffect(() => {
    if (shownFor.current === focusWhenChanged) return;
    shownFor.current = focusWhenChanged;
    ref.current?.focus();
  }, [focusWhenChanged]);
  return (
    <h1 ref={ref} tabIndex={-1} className="text-3xl font-bold tracking-tight text-ink outline-none">
      {children}
    </h1>
  );
}
