import { QueryClient } from '@tanstack/react-query';
import { getQueryFn, onChange } from './api.ts';

/** The spec's data-fetching defaults: no retries, no refetch on focus, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

/** Reads again, wherever they are shown, the resources each successful write changes (its `changes`). */
export function followChanges(client: QueryClient): () => void {
  return onChange((resources) => {
    for (const resource of resources) void client.invalidateQueries({ queryKey: [resource] });
  });
}
