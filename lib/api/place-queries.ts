import { queryOptions } from '@tanstack/react-query';
import type { AppLocale } from '@/lib/i18n/locales';
import { CATALOG_STALE_MS } from './queries';
import { queryKeys } from '@/lib/contract/query-keys';

/** One of our places (the listing's chosen place). */
export const placeQuery = (locale: AppLocale, id: number) =>
  queryOptions({
    queryKey: queryKeys.place(locale, id),
    queryFn: async () => (await import('./places')).fetchPlace(locale, id),
    staleTime: CATALOG_STALE_MS,
  });

/** The popular places, or the places inside one place. */
export const placesQuery = (locale: AppLocale, parentId: number | 'popular') =>
  queryOptions({
    queryKey: queryKeys.places(locale, parentId),
    queryFn: async () => {
      const places = await import('./places');
      return parentId === 'popular' ? places.fetchPopularPlaces(locale) : places.fetchChildPlaces(locale, parentId);
    },
    staleTime: CATALOG_STALE_MS,
  });

export const placeSearchQuery = (locale: AppLocale, title: string) =>
  queryOptions({
    queryKey: queryKeys.placeSearch(locale, title),
    queryFn: async () => (await import('./places')).searchPlaces(locale, title),
    staleTime: CATALOG_STALE_MS,
  });
