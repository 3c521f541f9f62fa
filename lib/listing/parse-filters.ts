import { isValidListingValue } from './filter-values';
import { filtersToSearch, LISTING_KEYS, type Filters } from './filters';

type SearchInput = URLSearchParams | Record<string, string | string[] | undefined>;

function valueOf(input: SearchInput, key: string): string | undefined {
  const raw = input instanceof URLSearchParams ? input.get(key) : input[key];
  const value = Array.isArray(raw) ? raw[0] : raw;
  // U+0000 would fail the listing's query on PostgreSQL; the API refuses it, so the page drops it.
  return value === undefined || value === null || value.trim() === '' || value.includes('\u0000')
    ? undefined
    : value.trim();
}

/**
 * The filters of a URL's query. A listing is a pure function of its URL, and a shared or hand-edited URL
 * must never break the page: values the API would reject are dropped, and so are pairs that contradict.
 */
export function parseFilters(input: SearchInput): Filters {
  const filters: Filters = {};
  for (const key of LISTING_KEYS) {
    const value = valueOf(input, key);
    if (value !== undefined && isValidListingValue(key, value)) filters[key] = value;
  }
  return dropContradictions(filters);
}

function dropContradictions(filters: Filters): Filters {
  const out = { ...filters };
  if (out.price_min && out.price_max && Number(out.price_min) > Number(out.price_max)) delete out.price_max;
  for (const [from, to] of [
    ['date_from', 'date_to'],
    ['checkin', 'checkout'],
  ] as const) {
    if (out[to] && (!out[from] || out[to]! < out[from]!)) delete out[to];
  }
  if ((out.gps_lat === undefined) !== (out.gps_lon === undefined)) {
    delete out.gps_lat;
    delete out.gps_lon;
  }
  if (out.gps_lat === undefined) {
    if (out.search_type === 'nearby') delete out.search_type;
    if (out.sort === 'distance') delete out.sort;
  }
  return out;
}

/** SPEC section 4: navigate only when the route or its query would change. */
export function shouldNavigate(
  current: { path: string; search: string },
  next: { path: string; search: string },
): boolean {
  const normalize = (search: string) => filtersToSearch(parseFilters(new URLSearchParams(search)));
  return current.path !== next.path || normalize(current.search) !== normalize(next.search);
}
