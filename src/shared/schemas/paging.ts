/** Every list the API pages: the same `page` query parameter, the same limits, the same answer shape. */
import { z } from 'zod';

/** Highest page number any list accepts. */
export const PAGE_MAX = 10_000;

/** `?page=N`: 1 when absent, a whole number from 1 to PAGE_MAX. */
export const pageParam = z.coerce
  .number({ error: 'page must be a whole number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(PAGE_MAX, `page must be at most ${PAGE_MAX}`)
  .default(1);

/** A list's query with no filters: just the page. Lists with filters extend it. */
export const PageQuerySchema = z.strictObject({ page: pageParam });

/** One page of a list: its items, which page, how many a full page holds, and how many there are in all. */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** The answer schema for a page of `item`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}
