import { ADMIN_LIST_PAGE_SIZE } from '#shared/constants.ts';
import { Button } from './button.tsx';

/** Previous / Next over server pages (of ADMIN_LIST_PAGE_SIZE unless said), from a page answer's total and pageSize. */
export function Pager({
  label,
  page,
  total,
  pageSize = ADMIN_LIST_PAGE_SIZE,
  onPage,
}: {
  label: string;
  page: number;
  total: number;
  pageSize?: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-700">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
