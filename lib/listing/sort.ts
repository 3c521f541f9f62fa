import type { FilterPatch, Filters } from './filters';

/** The sort menu's choices and the `sort`/`sortDirection` each stands for. */
export const SORT_OPTIONS = {
  default: { sort: null, sortDirection: null },
  priceAsc: { sort: 'price', sortDirection: null },
  priceDesc: { sort: 'price', sortDirection: 'desc' },
  date: { sort: 'date', sortDirection: null },
  rating: { sort: 'rating', sortDirection: null },
  distance: { sort: 'distance', sortDirection: null },
} as const satisfies Record<string, FilterPatch>;
export type SortOption = keyof typeof SORT_OPTIONS;

/** The menu choice a listing URL is sorted by (an unusual combination shows as the default). */
export function sortOptionOf(filters: Filters): SortOption {
  switch (filters.sort) {
    case 'price':
      return filters.sortDirection === 'desc' ? 'priceDesc' : 'priceAsc';
    case 'date':
      return 'date';
    case 'distance':
      return 'distance';
    case 'rating':
      return 'rating';
    default:
      return 'default';
  }
}
