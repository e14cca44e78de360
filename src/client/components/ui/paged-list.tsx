/** A paged list's body: its items (or what to say when there are none) and the pager; or, for a query, its status. */
import type { Key, ReactNode } from 'react';
import type { Page } from '#shared/schemas/paging.ts';
import { ListLoadError, ListLoading } from './list-status.tsx';
import { Pager } from './pager.tsx';

export interface PagedItemsProps<T> {
  /** The list's accessible name. */
  label: string;
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  empty: ReactNode;
  /**
   * 'page' (the default): this page has no items, and the pager stays to lead back from a page past the end.
   * 'list': the whole list has none, and there is no pager.
   */
  emptyWhen?: 'page' | 'list';
  /** While the previous page stands in for the next one. */
  busy?: boolean;
  pagerLabel: string;
  /** The page the reader asked for, when it runs ahead of the answer's (the address's page, say). */
  currentPage?: number;
  onPage: (page: number) => void;
}

export function PagedItems<T>({
  page,
  label,
  itemKey,
  renderItem,
  empty,
  emptyWhen = 'page',
  busy,
  pagerLabel,
  currentPage = page.page,
  onPage,
}: PagedItemsProps<T> & { page: Page<T> }) {
  if (emptyWhen === 'list' && page.total === 0) return empty;
  return (
    <>
      {emptyWhen === 'page' && page.items.length === 0 ? (
        empty
      ) : (
        <ul aria-label={label} className="mt-4 space-y-4" aria-busy={busy || undefined}>
          {page.items.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      <Pager label={pagerLabel} page={currentPage} total={page.total} pageSize={page.pageSize} onPage={onPage} />
    </>
  );
}

/** A TanStack query result for one page of a list (data is null where the page query found nothing). */
interface PageQueryResult<T> {
  data?: Page<T> | null;
  error: unknown;
  refetch: () => unknown;
}

export function PagedList<T>({
  query,
  what,
  errorFirst,
  ...list
}: PagedItemsProps<T> & {
  query: PageQueryResult<T>;
  /** What the items are called in the loading and error lines ("doctors"). */
  what: string;
  /** A failed refetch replaces the list it kept, rather than leaving that list in view. */
  errorFirst?: boolean;
}) {
  if (query.error && (errorFirst || !query.data)) {
    return <ListLoadError what={what} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <ListLoading what={what} />;
  return <PagedItems page={query.data} {...list} />;
}
