/** Where /fundraisers is (order, search and page, kept in the address), and the query the server reads for it. */
import { FUNDRAISER_SORTS, FUNDRAISER_TITLE_MAX, type FundraiserSort } from '#shared/fundraiser-words.ts';
import type { PublicFundraisersQuery } from '#shared/schemas/public-fundraisers.ts';

export const SORT_LABELS: Record<FundraiserSort, string> = {
  newest: 'Newest',
  nearly_funded: 'Nearly funded',
  most_urgent: 'Most urgent',
};

/** From the query string (?sort=&q=&page=): an unknown order means newest, a bad page 1, a long search is cut. */
export function fundraisersPlace(search: string): PublicFundraisersQuery {
  const params = new URLSearchParams(search);
  const sort = FUNDRAISER_SORTS.find((s) => s === params.get('sort')) ?? 'newest';
  const q = (params.get('q') ?? '').trim().slice(0, FUNDRAISER_TITLE_MAX);
  const page = Number(params.get('page'));
  return { sort, q: q || undefined, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The address of a place: only what differs from the defaults. */
export function fundraisersHref({ sort, q, page }: PublicFundraisersQuery): string {
  const query = new URLSearchParams();
  if (sort !== 'newest') query.set('sort', sort);
  if (q) query.set('q', q);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `/fundraisers?${text}` : '/fundraisers';
}
