/**
 * Query options of the public answers: the contract's keys (lib/contract/query-keys.ts) with functions that load
 * the HTTP client on first use, so pages that only hydrate (the idea page) do not ship it in their first load.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiParams } from '@/lib/listing/params';
import { nextListingPage, type ListingPageParam } from '@/lib/listing/pagination';
import type { IdeaList } from './ideas';
import type { AppLocale } from '@/lib/i18n/locales';
import { queryKeys } from '@/lib/contract/query-keys';
import { catalogQuery } from './query-options';

const IDEA_STALE_MS = 5 * 60_000;

export const configQuery = () =>
  catalogQuery(queryKeys.config(), async () => (await import('./catalog')).fetchConfig());

export const categoriesQuery = (locale: AppLocale) =>
  catalogQuery(queryKeys.categories(locale), async () => (await import('./catalog')).fetchCategories(locale));

/** The currencies with their rates: the choice of a display currency and the approximate prices. */
export const currenciesQuery = (locale: AppLocale) =>
  catalogQuery(queryKeys.currencies(locale), async () => (await import('./catalog')).fetchCurrencies(locale));

/** The search field's suggestions for the letters typed (GET /search/suggest). */
export const suggestionsQuery = (locale: AppLocale, query: string) =>
  catalogQuery(queryKeys.suggestions(locale, query), async () =>
    (await import('./search')).fetchSuggestions(locale, query),
  );

/** One page of ideas (home sections). */
export const ideasQuery = (locale: AppLocale, params: ApiParams) =>
  queryOptions({
    queryKey: queryKeys.ideas(locale, params),
    queryFn: async () => (await import('./ideas')).fetchIdeas(locale, params),
  });

/** A listing, page after page (SPEC section 4 pagination), each from where the previous ended (its next_cursor). */
export const ideaPagesQuery = (locale: AppLocale, params: ApiParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.ideaPages(locale, params),
    queryFn: async ({ pageParam }: { pageParam: ListingPageParam }) =>
      (await import('./ideas')).fetchIdeas(locale, {
        ...params,
        ...(typeof pageParam === 'number' ? { page: String(pageParam) } : pageParam),
      }),
    initialPageParam: 1 as ListingPageParam,
    getNextPageParam: (last: IdeaList) => nextListingPage(last.meta),
  });

/** A guide's published ideas on their public page, page after page (an author's list pages by number). */
export const guideIdeaPagesQuery = (locale: AppLocale, guideHid: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.guideIdeaPages(locale, guideHid),
    queryFn: async ({ pageParam }: { pageParam: ListingPageParam }) =>
      (await import('./ideas')).fetchGuideIdeas(
        locale,
        guideHid,
        typeof pageParam === 'number' ? pageParam : pageParam.page,
      ),
    initialPageParam: 1 as ListingPageParam,
    getNextPageParam: (last: IdeaList) => nextListingPage(last.meta),
  });

/** A listing's pins on the map. */
export const ideaMarkersQuery = (locale: AppLocale, params: ApiParams) =>
  queryOptions({
    queryKey: queryKeys.ideaMarkers(locale, params),
    queryFn: async () => (await import('./ideas')).fetchIdeaMarkers(locale, params),
  });

export const ideaQuery = (locale: AppLocale, id: string) =>
  queryOptions({
    queryKey: queryKeys.idea(locale, id),
    queryFn: async () => (await import('./ideas')).fetchIdea(locale, id),
    staleTime: IDEA_STALE_MS,
  });

/**
 * The signed-in user's saved ideas, for the hearts on cards and idea pages: fetched in the browser only (the pages
 * stay the same for everyone and cached), once for all hearts of a page.
 */
export const favouriteIdsQuery = (userHid: string) =>
  queryOptions({
    queryKey: queryKeys.favouriteIds(userHid),
    queryFn: async () => (await import('./favourites')).fetchFavouriteIds(userHid),
    staleTime: 60_000,
  });
