import { infiniteQueryOptions, queryOptions, type QueryKey } from '@tanstack/react-query';
import { nextPageOf, type PageMeta } from '@/lib/listing/pagination';

// The two shapes most of the client's queries take (queries.ts, signed-in-queries.ts, place-queries.ts).

/** Catalogue data changes rarely; an idea page may come from a page cached for a minute. */
export const CATALOG_STALE_MS = 10 * 60_000;

/** A query of the catalogue (config, categories, currencies, places, idea types…), fresh for CATALOG_STALE_MS. */
export const catalogQuery = <T, K extends QueryKey>(queryKey: K, queryFn: () => Promise<T>) =>
  queryOptions({ queryKey, queryFn, staleTime: CATALOG_STALE_MS });

/** A list read page after page, from page 1 to the last its meta names. */
export const pagedQuery = <T extends { meta: PageMeta }, K extends QueryKey>(
  queryKey: K,
  fetchPage: (page: number) => Promise<T>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }: { pageParam: number }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: T) => nextPageOf(last.meta),
  });
