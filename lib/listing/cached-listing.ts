import { filtersToSearch, type Filters, type ListingKey } from './filters';
import { parseFilters } from './parse-filters';

/**
 * Listings the page cache keeps: the place, category and sort order only, the ones the site's own links lead
 * to (category strip, place search) and crawlers follow, as a list or as a map. Their combinations are few; dates, prices, guests
 * and text would let anyone fill the cache, so those listings are rendered per request.
 */
const CACHED_KEYS: readonly ListingKey[] = ['place_id', 'category_id', 'sort', 'sortDirection', 'view'];

/** The path segment a cached listing is kept under ('all' for the plain listing), or null when it is not cached. */
export function cachedListingKey(filters: Filters): string | null {
  const keys = Object.keys(filters) as ListingKey[];
  if (!keys.every((key) => CACHED_KEYS.includes(key))) return null;
  return keys.length === 0 ? 'all' : filtersToSearch(filters).slice(1);
}

/**
 * The filters of a cached listing's key (the inverse of cachedListingKey), or null for a key that function
 * would not give: the route is reachable by its own path too, and must not keep listings of any other kind.
 */
export function filtersOfCachedListing(key: string): Filters | null {
  const filters = key === 'all' ? {} : parseFilters(new URLSearchParams(key));
  return cachedListingKey(filters) === key ? filters : null;
}
