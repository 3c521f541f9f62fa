import {
  DEFAULT_PLACE_ID,
  GUIDE_IDEAS_PAGE_SIZE,
  HOME_SECTION_LIMIT,
  IDEAS_PAGE_SIZE,
  REGION_PLACE_ID,
  TRAVEL_TIME_CATEGORY_ID,
  WEEKEND_CATEGORY_ID,
} from '@/lib/constants';
import { API_LISTING_KEYS, FILTER_KEYS, type Filters } from './filters';

/** API params are strings, exactly as in a URL: the server prefetch and the browser build the same query key. */
export type ApiParams = Record<string, string>;

/** Cards show the price and the author; next date and category are attributes of the idea itself. */
const CARD_INCLUDES = 'price,author';

/** The API's part of a listing's filters: everything but how the page shows them. */
function apiFilters(filters: Filters): ApiParams {
  const params: ApiParams = {};
  for (const key of API_LISTING_KEYS) if (filters[key] !== undefined) params[key] = filters[key];
  return params;
}

/** GET /ideas params of a listing page (without `page`, which the infinite query adds). */
export function listingParams(filters: Filters): ApiParams {
  return { limit: String(IDEAS_PAGE_SIZE), include: CARD_INCLUDES, ...apiFilters(filters) };
}

/** GET /users/{hid}/ideas params of a guide's public page (without `page`): their cards, a page at a time. */
export function guideIdeasParams(): ApiParams {
  return { limit: String(GUIDE_IDEAS_PAGE_SIZE), include: CARD_INCLUDES };
}

/** GET /ideas/markers params of a listing's map: the same filters, no paging. */
export function markerParams(filters: Filters): ApiParams {
  return apiFilters(filters);
}

/** A stored GPS position of the visitor (localStorage), rounded so that it is not a precise fix. */
export interface Position {
  lat: number;
  lon: number;
}

export const HOME_SECTIONS = ['nearby', 'weekend', 'travelTime'] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/**
 * SPEC section 9: each home section is 7 compact cards. "Nearby" falls back to the main place. The weekend and
 * travel-time rows are about leaving the city, and the city alone has too few of them: they draw from all of Primorye.
 * "Nearby" is newest first (what is new near you; a newly approved idea shows there at once), a nearby search by
 * distance, either with the ideas rated below the site-wide mean last (sort=quality), so that the row never opens
 * with a poorly rated idea; the weekend and travel-time rows are ordered by the rating sort's Bayesian average.
 */
export function homeSectionFilters(section: HomeSection, position: Position | null): Filters {
  switch (section) {
    case 'nearby':
      return position
        ? {
            search_type: 'nearby',
            gps_lat: position.lat.toFixed(3),
            gps_lon: position.lon.toFixed(3),
            sort: 'quality',
          }
        : { place_id: String(DEFAULT_PLACE_ID), sort: 'quality' };
    case 'weekend':
      return { place_id: String(REGION_PLACE_ID), category_id: String(WEEKEND_CATEGORY_ID), sort: 'rating' };
    case 'travelTime':
      return { place_id: String(REGION_PLACE_ID), category_id: String(TRAVEL_TIME_CATEGORY_ID), sort: 'rating' };
  }
}

export function homeSectionParams(section: HomeSection, position: Position | null): ApiParams {
  const params: ApiParams = { limit: String(HOME_SECTION_LIMIT), simple_resource: '1' };
  for (const [key, value] of Object.entries(homeSectionFilters(section, position)))
    if (value !== undefined) params[key] = value;
  return params;
}

/** The listing filters a set of API params stands for (what "see all" links to). */
export function filtersOfParams(params: ApiParams): Filters {
  return Object.fromEntries(FILTER_KEYS.filter((key) => params[key] !== undefined).map((key) => [key, params[key]]));
}
