/** A table of records for admin lists: a caption, column headings, and sideways scrolling on narrow screens. */
import type { ReactNode } from 'react';

/** The padding every cell of a WideTable shares. */
export const CELL = 'px-3 py-3 align-top';

export function WideTable({
  label,
  caption,
  columns,
  testId,
  children,
}: {
  label: string;
  caption: string;
  columns: string[];
  testId?: string;
  children: ReactNode;
}) {
  return (
    // Focusable so the keyboard can scroll it too. Relative, so that screen-reader-only text in a cell (absolutely
    // placed) is clipped here, not laid out past the page's right edge, which made a phone's page scroll sideways.
    <div role="region" aria-label={label} tabIndex={0} className="relative mt-4 overflow-x-auto rounded-xl">
      <table className="w-full min-w-[56rem] border-collapse text-left text-sm text-slate-800" data-testid={testId}>
        <caption className="pb-2 text-left text-sm text-slate-600">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            {columns.map((column) => (
              <th key={column} scope="col" className={CELL}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}
