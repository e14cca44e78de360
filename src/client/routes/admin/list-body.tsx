/** What every admin list shows in its card: the items, or that there are none, or that they load or failed to. */
import type { ReactNode } from 'react';
import type { Page } from '#shared/schemas/paging.ts';
import { ListLoadError, ListLoading } from '#client/components/ui/list-status.tsx';
import { Pager } from '#client/components/ui/pager.tsx';

/** The part of a list query this needs (TanStack Query's result fits). */
export interface ListQuery<T> {
  data: Page<T> | undefined;
  error: unknown;
  refetch: () => unknown;
}

/**
 * `children` renders a page that has items, `empty` says there are none; `what` names the list in the loading
 * and error messages. An error `hideError` accepts shows as loading (e.g. the donations panel's closed gate).
 */
export function ListBody<T>({
  list,
  what,
  empty,
  emptyClassName = 'mt-4 text-slate-600',
  hideError,
  children,
}: {
  list: ListQuery<T>;
  what: string;
  empty: ReactNode;
  emptyClassName?: string;
  hideError?: (error: unknown) => boolean;
  children: (page: Page<T>) => ReactNode;
}) {
  if (list.data) return list.data.items.length ? children(list.data) : <p className={emptyClassName}>{empty}</p>;
  if (list.error && !hideError?.(list.error))
    return <ListLoadError what={what} error={list.error} onRetry={() => void list.refetch()} />;
  return <ListLoading what={what} />;
}

/** Previous / Next under a list, once its first page has arrived. */
export function ListPager<T>({
  list,
  label,
  page,
  onPage,
}: {
  list: ListQuery<T>;
  label: string;
  page: number;
  onPage: (page: number) => void;
}) {
  if (!list.data) return null;
  return <Pager label={label} page={page} total={list.data.total} pageSize={list.data.pageSize} onPage={onPage} />;
}

/** "Page 2 of 5" for a table's caption. */
export const pageOf = (page: number, list: Page<unknown>) =>
  `page ${page} of ${Math.max(1, Math.ceil(list.total / list.pageSize))}`;
