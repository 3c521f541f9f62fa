import { MAX_ID } from '@/lib/contract/ids';
import { bboxProblem } from './bbox';
import type { ListingKey } from './filters';

// The values a listing URL may hold, without zod: the browser reads every listing URL with these checks,
// and zod would add ~30 kB (gzipped) to the listing's scripts. The API's schema (lib/contract/ideas.ts)
// is built from the same constants, and tests/unit/filter-values.test.ts holds both to the same answers.

export const SORTS = ['default', 'price', 'date', 'new', 'distance', 'rating', 'quality'] as const;
export const SORT_DIRECTIONS = ['default', 'asc', 'desc'] as const;
export const TIMES_OF_DAY = ['morning', 'day', 'evening'] as const;
export const SPOKEN_LANGUAGES = ['ru', 'en', 'zh'] as const;
export const SEARCH_TYPES = ['default', 'nearby'] as const;
/** The listing's views besides the default list. */
export const VIEWS = ['map'] as const;

export const MAX_GUESTS = 50;
export const MAX_MONEY = 100_000_000;
export const MAX_QUERY_LENGTH = 100;

/** A number as the API coerces it (`Number(value)`): finite, and within the bounds. */
function numberWithin(value: string, min: number, max: number, whole: boolean): boolean {
  const number = Number(value);
  return Number.isFinite(number) && (!whole || Number.isSafeInteger(number)) && number >= min && number <= max;
}

/** `YYYY-MM-DD` naming a real calendar day. */
function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const oneOf = (names: readonly string[]) => (value: string) => names.includes(value);

/** A comma-separated list whose every (trimmed, non-empty) name is allowed. */
const listOf = (names: readonly string[]) => (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .every((part) => part === '' || names.includes(part));

const VALID: Record<ListingKey, (value: string) => boolean> = {
  query: (value) => value.trim().length >= 1 && value.trim().length <= MAX_QUERY_LENGTH,
  place_id: (value) => numberWithin(value, 1, MAX_ID, true),
  category_id: (value) => numberWithin(value, 1, MAX_ID, true),
  checkin: isCalendarDay,
  checkout: isCalendarDay,
  date_from: isCalendarDay,
  date_to: isCalendarDay,
  time_of_day: oneOf(TIMES_OF_DAY),
  adults: (value) => numberWithin(value, 0, MAX_GUESTS, true),
  children: (value) => numberWithin(value, 0, MAX_GUESTS, true),
  price_min: (value) => numberWithin(value, 0, MAX_MONEY, true),
  price_max: (value) => numberWithin(value, 0, MAX_MONEY, true),
  languages: listOf(SPOKEN_LANGUAGES),
  gps_lat: (value) => numberWithin(value, -90, 90, false),
  gps_lon: (value) => numberWithin(value, -180, 180, false),
  search_type: oneOf(SEARCH_TYPES),
  bbox: (value) => bboxProblem(value) === null,
  sort: oneOf(SORTS),
  sortDirection: oneOf(SORT_DIRECTIONS),
  view: oneOf(VIEWS),
};

/** Whether the API accepts this value for this listing key. */
export function isValidListingValue(key: ListingKey, value: string): boolean {
  return VALID[key](value);
}
