/**
 * The reads a server-rendered page shows (src/shared/routes.ts, render 'server'): the server makes them while it
 * renders the page, as a signed-out reader, and puts the answers in the HTML (src/client/entry-server.tsx); the
 * browser starts from those answers and fetches only on later navigation. Not found (404, or 400 for an id
 * that cannot exist) is an answer too, null, so the server and the browser show the same "not found" view.
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { CallOutput, Endpoint } from '#shared/contract/endpoint.ts';
import { apiGet, ApiError, keyOf, urlOf, type CallArgs } from './api.ts';

export interface PageQuery<T> {
  queryKey: QueryKey;
  /** The API path that answers it (GET). */
  url: string;
  /** Only for typing `data`. */
  readonly __data?: T;
}

/** The page query of a read of the contract: its key and URL from the endpoint (see keyOf). */
export const pageQueryOf = <E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): PageQuery<CallOutput<E>> => ({
  queryKey: keyOf(endpoint, ...args),
  url: urlOf(endpoint, ...args),
});

/** An answer that means "there is no such record": the page shows its not-found view. */
export const isNotFound = (status: number | null) => status === 404 || status === 400;

/** How long a page's reads count as fresh: the server's rendered copy is at most this old too. */
export const PAGE_DATA_FRESH_MS = 30_000;

/** The page query's data: T, or null when the record does not exist (or is not public). */
export function usePageQuery<T>(query: PageQuery<T>, options: { keepPrevious?: boolean; enabled?: boolean } = {}) {
  return useQuery<T | null>({
    enabled: options.enabled ?? true,
    queryKey: query.queryKey,
    queryFn: () =>
      apiGet<T>(query.url).catch((err: unknown) => {
        if (err instanceof ApiError && isNotFound(err.status)) return null;
        throw err;
      }),
    staleTime: PAGE_DATA_FRESH_MS,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}
