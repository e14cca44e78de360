/** The one paging helper: every list reads a page of rows and the total count the same way. */
import type { Page } from '#shared/schemas/paging.ts';

export interface PageRequest {
  /** 1-based, already validated by pageParam. */
  page: number;
  pageSize: number;
}

/**
 * Loads one page: `rows(limit, offset)` reads the page's rows (ordered by the caller), `count()` the total
 * for the same filter (a `select({ n: count() })`, or a running count where counting would read every row),
 * both at once; `present` turns each row into its item.
 */
export async function paged<Row, Item>(
  { page, pageSize }: PageRequest,
  rows: (limit: number, offset: number) => Promise<Row[]>,
  count: () => Promise<{ n: number }[]>,
  present: (row: Row) => Item,
): Promise<Page<Item>> {
  const [items, [total]] = await Promise.all([rows(pageSize, (page - 1) * pageSize), count()]);
  return {
    items: items.map(present),
    page,
    pageSize,
    total: total?.n ?? 0,
  };
}
