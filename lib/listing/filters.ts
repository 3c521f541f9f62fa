/** The listing filter keys of SPEC section 3, in the order they appear in a canonical URL. */
export const FILTER_KEYS = [
  'query',
  'place_id',
  'category_id',
  'checkin',
  'checkout',
  'time_of_day',
  'adults',
  'children',
  'price_min',
  'price_max',
  'languages',
  'date_from',
  'date_to',
  'gps_lat',
  'gps_lon',
  'search_type',
  'bbox',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** What a listing URL may hold: the filters plus the sort order and the view (which "clear all" keep). */
export const LISTING_KEYS = [...FILTER_KEYS, 'sort', 'sortDirection', 'view'] as const;
export type ListingKey = (typeof LISTING_KEYS)[number];

/** The keys of the page only, never sent to the API: how the results are shown (`view=map`; the list without it). */
export const PAGE_ONLY_KEYS = ['view'] as const satisfies readonly ListingKey[];
export type ApiListingKey = Exclude<ListingKey, (typeof PAGE_ONLY_KEYS)[number]>;
export const API_LISTING_KEYS = LISTING_KEYS.filter(
  (key): key is ApiListingKey => !(PAGE_ONLY_KEYS as readonly string[]).includes(key),
);

/** A listing's state: each key's value exactly as it appears in the URL. */
export type Filters = Partial<Record<ListingKey, string>>;
export type FilterPatch = Partial<Record<ListingKey, string | number | null | undefined>>;

/** The filters of the "more filters" sheet, applied together (its button counts the ones set). */
export const MORE_FILTER_KEYS = [
  'price_min',
  'price_max',
  'languages',
  'adults',
  'children',
  'time_of_day',
] as const satisfies readonly FilterKey[];

/** SPEC section 4: setting a value adds it, null (or empty) removes it. */
export function setFilters(filters: Filters, patch: FilterPatch): Filters {
  const out = { ...filters };
  for (const [key, value] of Object.entries(patch) as [ListingKey, FilterPatch[ListingKey]][]) {
    if (value === null || value === undefined || String(value).trim() === '') delete out[key];
    else out[key] = String(value);
  }
  return out;
}

/** SPEC section 4: clearing sets every listed filter key to null; the sort order and the view stay. */
export function clearFilters(filters: Filters): Filters {
  return setFilters(filters, Object.fromEntries(FILTER_KEYS.map((key) => [key, null])));
}

/** The date filter: a range without an end ends on its start day; null clears both. */
export function setDateRange(filters: Filters, range: { from: string; to?: string | null } | null): Filters {
  if (!range) return setFilters(filters, { date_from: null, date_to: null });
  const to = range.to && range.to >= range.from ? range.to : range.from;
  return setFilters(filters, { date_from: range.from, date_to: to });
}

/** How many filters a visitor has set (the fixed main place and the sort order do not count). */
export function activeFilterCount(filters: Filters): number {
  const counted = FILTER_KEYS.filter(
    (key) =>
      filters[key] !== undefined && key !== 'place_id' && key !== 'gps_lon' && key !== 'date_to' && key !== 'checkout',
  );
  return counted.length;
}

/** The canonical query string of a listing ('' or '?a=1&b=2'), keys in LISTING_KEYS order. */
export function filtersToSearch(filters: Filters): string {
  const params = new URLSearchParams();
  for (const key of LISTING_KEYS) if (filters[key] !== undefined) params.set(key, filters[key]!);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The listing URL (without locale prefix) for the given filters. */
export function listingHref(filters: Filters): string {
  return `/go${filtersToSearch(filters)}`;
}
