import type { AppLocale } from '@/lib/i18n/locales';
import { catalogQuery } from './query-options';
import { queryKeys } from '@/lib/contract/query-keys';

/** One of our places (the listing's chosen place). */
export const placeQuery = (locale: AppLocale, id: number) =>
  catalogQuery(queryKeys.place(locale, id), async () => (await import('./places')).fetchPlace(locale, id));

/** The popular places, or the places inside one place. */
export const placesQuery = (locale: AppLocale, parentId: number | 'popular') =>
  catalogQuery(queryKeys.places(locale, parentId), async () => {
    const places = await import('./places');
    return parentId === 'popular' ? places.fetchPopularPlaces(locale) : places.fetchChildPlaces(locale, parentId);
  });

export const placeSearchQuery = (locale: AppLocale, title: string) =>
  catalogQuery(queryKeys.placeSearch(locale, title), async () =>
    (await import('./places')).searchPlaces(locale, title),
  );
