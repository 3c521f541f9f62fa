import { describe, expect, it } from 'vitest';
import {
  FILTER_KEYS,
  activeFilterCount,
  clearFilters,
  filtersToSearch,
  listingHref,
  setDateRange,
  setFilters,
} from '@/lib/listing/filters';
import { cachedListingKey, filtersOfCachedListing } from '@/lib/listing/cached-listing';
import { parseFilters, shouldNavigate } from '@/lib/listing/parse-filters';
import { canLoadMore, mergePage, mergePages, nextPageOf } from '@/lib/listing/pagination';
import {
  filtersOfParams,
  homeSectionFilters,
  homeSectionParams,
  listingParams,
  markerParams,
} from '@/lib/listing/params';
import { SORT_OPTIONS, sortOptionOf } from '@/lib/listing/sort';

describe('filter state (SPEC section 4)', () => {
  it('setting a value adds it, as the string the URL carries', () => {
    expect(setFilters({}, { category_id: 3, adults: 2 })).toEqual({ category_id: '3', adults: '2' });
  });

  it('setting a value replaces the old one and keeps the other filters', () => {
    expect(setFilters({ category_id: '1', query: 'маяк' }, { category_id: 5 })).toEqual({
      category_id: '5',
      query: 'маяк',
    });
  });

  it('null, undefined or a blank value removes the key', () => {
    const filters = { category_id: '1', query: 'маяк', adults: '2' };
    expect(setFilters(filters, { category_id: null })).toEqual({ query: 'маяк', adults: '2' });
    expect(setFilters(filters, { query: '   ' })).toEqual({ category_id: '1', adults: '2' });
    expect(setFilters(filters, { adults: undefined })).toEqual({ category_id: '1', query: 'маяк' });
  });

  it('does not mutate the state it was given', () => {
    const filters = { category_id: '1' };
    setFilters(filters, { category_id: null, query: 'x' });
    expect(filters).toEqual({ category_id: '1' });
  });

  it('clearing sets every filter key to null but keeps the sort order', () => {
    const all = Object.fromEntries(FILTER_KEYS.map((key) => [key, '1']));
    const cleared = clearFilters({ ...all, sort: 'price', sortDirection: 'desc' });
    expect(cleared).toEqual({ sort: 'price', sortDirection: 'desc' });
    for (const key of FILTER_KEYS) expect(cleared).not.toHaveProperty(key);
  });

  it('lists exactly the filter keys of SPEC section 3', () => {
    expect([...FILTER_KEYS].sort()).toEqual(
      [
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
      ].sort(),
    );
  });
});

describe('date filter', () => {
  it('a range without an end ends on its start day', () => {
    expect(setDateRange({}, { from: '2026-05-12' })).toEqual({ date_from: '2026-05-12', date_to: '2026-05-12' });
    expect(setDateRange({}, { from: '2026-05-12', to: null })).toEqual({
      date_from: '2026-05-12',
      date_to: '2026-05-12',
    });
  });

  it('keeps a full range and every other filter', () => {
    expect(setDateRange({ category_id: '2' }, { from: '2026-05-12', to: '2026-05-18' })).toEqual({
      category_id: '2',
      date_from: '2026-05-12',
      date_to: '2026-05-18',
    });
  });

  it('an end before the start collapses to the start day', () => {
    expect(setDateRange({}, { from: '2026-05-12', to: '2026-05-01' })).toEqual({
      date_from: '2026-05-12',
      date_to: '2026-05-12',
    });
  });

  it('clearing removes both dates and nothing else', () => {
    expect(setDateRange({ category_id: '2', date_from: '2026-05-12', date_to: '2026-05-18' }, null)).toEqual({
      category_id: '2',
    });
  });
});

describe('parseFilters', () => {
  it('reads every valid listing key from a URL', () => {
    const filters = parseFilters(
      new URLSearchParams(
        'category_id=2&date_from=2026-05-12&date_to=2026-05-18&adults=2&query=маяк&sort=price&sortDirection=desc',
      ),
    );
    expect(filters).toEqual({
      category_id: '2',
      date_from: '2026-05-12',
      date_to: '2026-05-18',
      adults: '2',
      query: 'маяк',
      sort: 'price',
      sortDirection: 'desc',
    });
  });

  it('accepts Next searchParams objects, taking the first of repeated values', () => {
    expect(parseFilters({ category_id: ['3', '4'], query: undefined })).toEqual({ category_id: '3' });
  });

  it('drops values the API would reject', () => {
    const filters = parseFilters(
      new URLSearchParams(
        'category_id=abc&date_from=2026-13-01&adults=-1&children=1.5&time_of_day=night&languages=ru,xx&price_min=cheap&gps_lat=91&gps_lon=0&sort=random&search_type=far&utm_source=x',
      ),
    );
    expect(filters).toEqual({});
  });

  it('drops values holding U+0000, which the API refuses (422) and PostgreSQL cannot store', () => {
    expect(parseFilters(new URLSearchParams('query=%00&category_id=2'))).toEqual({ category_id: '2' });
    expect(parseFilters(new URLSearchParams('query=a%00b'))).toEqual({});
  });

  it('drops impossible calendar days', () => {
    expect(parseFilters(new URLSearchParams('date_from=2026-02-30'))).toEqual({});
  });

  it('ignores blank values and trims the rest', () => {
    expect(parseFilters(new URLSearchParams('query=%20%20&category_id=%202%20'))).toEqual({ category_id: '2' });
  });

  it('drops the end of a range that starts later or has no start', () => {
    expect(parseFilters(new URLSearchParams('date_from=2026-05-18&date_to=2026-05-12'))).toEqual({
      date_from: '2026-05-18',
    });
    expect(parseFilters(new URLSearchParams('date_to=2026-05-12'))).toEqual({});
    expect(parseFilters(new URLSearchParams('checkin=2026-05-18&checkout=2026-05-12'))).toEqual({
      checkin: '2026-05-18',
    });
  });

  it('drops a maximum price below the minimum', () => {
    expect(parseFilters(new URLSearchParams('price_min=5000&price_max=1000'))).toEqual({ price_min: '5000' });
    expect(parseFilters(new URLSearchParams('price_min=1000&price_max=5000'))).toEqual({
      price_min: '1000',
      price_max: '5000',
    });
  });

  it('drops half a position, and a nearby search or distance sort without one', () => {
    expect(parseFilters(new URLSearchParams('gps_lat=43.1'))).toEqual({});
    expect(parseFilters(new URLSearchParams('search_type=nearby&sort=distance'))).toEqual({});
    expect(parseFilters(new URLSearchParams('gps_lat=43.1&gps_lon=131.9&search_type=nearby&sort=distance'))).toEqual({
      gps_lat: '43.1',
      gps_lon: '131.9',
      search_type: 'nearby',
      sort: 'distance',
    });
  });
});

describe('listing URLs and navigation', () => {
  it('writes keys in one canonical order, whatever order they were set in', () => {
    expect(filtersToSearch({ date_to: '2026-05-18', category_id: '2', date_from: '2026-05-12' })).toBe(
      '?category_id=2&date_from=2026-05-12&date_to=2026-05-18',
    );
    expect(listingHref({})).toBe('/go');
    expect(listingHref({ query: 'бухта и маяк' })).toBe(
      `/go?query=${new URLSearchParams({ q: 'бухта и маяк' }).toString().slice(2)}`,
    );
  });

  it('navigates when the route changes', () => {
    expect(shouldNavigate({ path: '/', search: '' }, { path: '/go', search: '' })).toBe(true);
  });

  it('navigates when the query changes', () => {
    expect(shouldNavigate({ path: '/go', search: 'category_id=2' }, { path: '/go', search: 'category_id=3' })).toBe(
      true,
    );
    expect(shouldNavigate({ path: '/go', search: 'category_id=2' }, { path: '/go', search: '' })).toBe(true);
  });

  it('does not navigate to the same listing written differently', () => {
    expect(
      shouldNavigate(
        { path: '/go', search: 'date_to=2026-05-18&date_from=2026-05-12' },
        { path: '/go', search: 'date_from=2026-05-12&date_to=2026-05-18' },
      ),
    ).toBe(false);
    expect(shouldNavigate({ path: '/go', search: '' }, { path: '/go', search: '' })).toBe(false);
    // Parameters the listing ignores do not make it a different listing.
    expect(shouldNavigate({ path: '/go', search: 'utm_source=mail' }, { path: '/go', search: '' })).toBe(false);
  });

  it('counts the filters a visitor set ("reset all" shows from one), a range once, without the main place or sort', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ place_id: '7', sort: 'price', sortDirection: 'desc' })).toBe(0);
    expect(activeFilterCount({ date_from: '2026-05-12', date_to: '2026-05-18', category_id: '2' })).toBe(2);
  });
});

describe('sort menu', () => {
  it('maps each URL sort to its menu choice and back', () => {
    for (const [option, patch] of Object.entries(SORT_OPTIONS)) {
      expect(sortOptionOf(setFilters({}, patch))).toBe(option);
    }
  });

  it('shows an unusual combination as the default', () => {
    expect(sortOptionOf({ sort: 'new' })).toBe('default');
  });
});

describe('API params', () => {
  it('asks for a page of 24 cards (whole rows of 2, 3 and 4) with price and author, plus the filters', () => {
    expect(listingParams({ category_id: '2', date_from: '2026-05-12' })).toEqual({
      limit: '24',
      include: 'price,author',
      category_id: '2',
      date_from: '2026-05-12',
    });
  });

  it('never sends the view to the API; the map asks for the same filters without paging', () => {
    const filters = { category_id: '2', bbox: '131.8,43,132,43.2', view: 'map' };
    expect(listingParams(filters)).toEqual({
      limit: '24',
      include: 'price,author',
      category_id: '2',
      bbox: '131.8,43,132,43.2',
    });
    expect(markerParams(filters)).toEqual({ category_id: '2', bbox: '131.8,43,132,43.2' });
  });

  it('home sections ask for 7 simple resources each (SPEC section 9): nearby newest first, the poorly rated last; the weekend and travel-time rows of all Primorye, best rated first', () => {
    expect(homeSectionParams('nearby', null)).toEqual({
      limit: '7',
      simple_resource: '1',
      place_id: '7',
      sort: 'quality',
    });
    expect(homeSectionParams('weekend', null)).toEqual({
      limit: '7',
      simple_resource: '1',
      place_id: '1',
      category_id: '2',
      sort: 'rating',
    });
    expect(homeSectionParams('travelTime', null)).toEqual({
      limit: '7',
      simple_resource: '1',
      place_id: '1',
      category_id: '7',
      sort: 'rating',
    });
  });

  it('"nearby" searches around a known position, rounded to ~100 m', () => {
    expect(homeSectionFilters('nearby', { lat: 43.115_678, lon: 131.885_123 })).toEqual({
      search_type: 'nearby',
      gps_lat: '43.116',
      gps_lon: '131.885',
      sort: 'quality',
    });
  });

  it('"see all" links to the listing of the section\'s filters, without paging params', () => {
    expect(listingHref(filtersOfParams(homeSectionParams('weekend', null)))).toBe('/go?place_id=1&category_id=2');
  });
});

describe('pagination (SPEC section 4)', () => {
  const meta = (current_page: number, last_page: number) => ({
    current_page,
    last_page,
    per_page: 40,
    total: last_page * 40,
  });

  it('loads more only when not loading and below the last page', () => {
    expect(canLoadMore({ loading: false, page: 1, lastPage: 3 })).toBe(true);
    expect(canLoadMore({ loading: true, page: 1, lastPage: 3 })).toBe(false);
    expect(canLoadMore({ loading: false, page: 3, lastPage: 3 })).toBe(false);
    expect(canLoadMore({ loading: false, page: 1, lastPage: 1 })).toBe(false);
    // An empty listing reports last_page 0 or 1; neither has a next page.
    expect(canLoadMore({ loading: false, page: 1, lastPage: 0 })).toBe(false);
  });

  it('the next page follows the current one until the last', () => {
    expect(nextPageOf(meta(1, 3))).toBe(2);
    expect(nextPageOf(meta(2, 3))).toBe(3);
    expect(nextPageOf(meta(3, 3))).toBeUndefined();
  });

  it('page 1 replaces the ideas', () => {
    const old = [{ id: 1 }, { id: 2 }];
    expect(mergePage(old, { data: [{ id: 9 }], meta: { current_page: 1 } })).toEqual([{ id: 9 }]);
  });

  it('later pages append, in order', () => {
    const first = [{ id: 1 }, { id: 2 }];
    expect(mergePage(first, { data: [{ id: 3 }, { id: 4 }], meta: { current_page: 2 } })).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
      { id: 4 },
    ]);
  });

  it('an idea that moved to the next page while scrolling is shown once', () => {
    const pages = [
      { data: [{ id: 1 }, { id: 2 }], meta: { current_page: 1 } },
      { data: [{ id: 2 }, { id: 3 }], meta: { current_page: 2 } },
    ];
    expect(mergePages(pages).map((idea) => idea.id)).toEqual([1, 2, 3]);
    expect(mergePages([])).toEqual([]);
  });
});

describe('cached listings', () => {
  it('keeps listings of a place, a category and a sort order, under a key that gives the same filters back', () => {
    for (const filters of [
      {},
      { category_id: '2' },
      { place_id: '8', category_id: '7' },
      { sort: 'price', sortDirection: 'desc' },
      { view: 'map' },
      { category_id: '2', view: 'map' },
    ]) {
      const key = cachedListingKey(filters);
      expect(key).not.toBeNull();
      expect(filtersOfCachedListing(key!)).toEqual(filters);
    }
    expect(cachedListingKey({})).toBe('all');
  });

  it('gives one key to the same filters in any order', () => {
    expect(cachedListingKey({ category_id: '2', place_id: '8' })).toBe(
      cachedListingKey({ place_id: '8', category_id: '2' }),
    );
  });

  it('renders listings with dates, prices, guests, languages, text or a position per request', () => {
    for (const extra of [
      { date_from: '2030-01-01' },
      { price_max: '5000' },
      { adults: '2' },
      { languages: 'en' },
      { query: 'море' },
      { gps_lat: '43.1', gps_lon: '131.9' },
      { bbox: '131.8,43,132,43.2' },
      { bbox: '131.8,43,132,43.2', view: 'map' },
    ]) {
      expect(cachedListingKey({ category_id: '2', ...extra })).toBeNull();
    }
  });

  it('refuses keys it would not give: other filters, invalid values, another order', () => {
    for (const key of [
      'date_from=2030-01-01',
      'category_id=abc',
      'category_id=2&place_id=8',
      'place_id=8&category_id=2&x=1',
      '',
      'nonsense',
    ]) {
      expect(filtersOfCachedListing(key), key).toBeNull();
    }
  });
});
