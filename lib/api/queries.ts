import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiParams } from '@/lib/listing/params';
import { nextPageOf } from '@/lib/listing/pagination';
import type { AppLocale } from '@/lib/i18n/locales';
import type { IdeaList } from './ideas';

/**
 * Query keys shared by the server prefetch and the browser. Query functions load the HTTP client on
 * first use, so pages that only hydrate (the idea page) do not ship it in their first load.
 */
/** The first part of every query key whose answer depends on who is signed in. */
export const SIGNED_IN_SCOPE = 'signed-in';

export const queryKeys = {
  config: () => ['config'] as const,
  categories: (locale: AppLocale) => ['categories', locale] as const,
  ideas: (locale: AppLocale, params: ApiParams) => ['ideas', locale, params] as const,
  ideaPages: (locale: AppLocale, params: ApiParams) => ['ideas', 'pages', locale, params] as const,
  idea: (locale: AppLocale, id: string) => ['idea', locale, id] as const,
  place: (locale: AppLocale, id: number) => ['place', locale, id] as const,
  places: (locale: AppLocale, parentId: number | 'popular') => ['places', locale, parentId] as const,
  placeSearch: (locale: AppLocale, title: string) => ['places', 'search', locale, title] as const,
  /** Answers that depend on who is signed in: never server-prefetched, dropped on sign-out. */
  moderationQueue: (locale: AppLocale) => [SIGNED_IN_SCOPE, 'moderation', locale] as const,
  ideaReview: (locale: AppLocale, hid: string) => [SIGNED_IN_SCOPE, 'idea-review', locale, hid] as const,
  profile: (profileHid: string) => [SIGNED_IN_SCOPE, 'profile', profileHid] as const,
  accountPhone: (userHid: string) => [SIGNED_IN_SCOPE, 'phone', userHid] as const,
  userBookings: (locale: AppLocale, userHid: string) => [SIGNED_IN_SCOPE, 'bookings', locale, userHid] as const,
  ownIdeas: (locale: AppLocale, userHid: string) => [SIGNED_IN_SCOPE, 'office', 'ideas', locale, userHid] as const,
  ownIdea: (locale: AppLocale, hid: string) => [SIGNED_IN_SCOPE, 'office', 'idea', locale, hid] as const,
  receivedBookings: (locale: AppLocale, userHid: string) =>
    [SIGNED_IN_SCOPE, 'office', 'bookings', locale, userHid] as const,
  ideaTypes: (locale: AppLocale) => ['ideaTypes', locale] as const,
};

/** Catalogue data changes rarely; an idea page may come from a page cached for a minute. */
export const CATALOG_STALE_MS = 10 * 60_000;
const IDEA_STALE_MS = 5 * 60_000;

export const configQuery = () =>
  queryOptions({
    queryKey: queryKeys.config(),
    queryFn: async () => (await import('./catalog')).fetchConfig(),
    staleTime: CATALOG_STALE_MS,
  });

export const categoriesQuery = (locale: AppLocale) =>
  queryOptions({
    queryKey: queryKeys.categories(locale),
    queryFn: async () => (await import('./catalog')).fetchCategories(locale),
    staleTime: CATALOG_STALE_MS,
  });

/** One page of ideas (home sections). */
export const ideasQuery = (locale: AppLocale, params: ApiParams) =>
  queryOptions({
    queryKey: queryKeys.ideas(locale, params),
    queryFn: async () => (await import('./ideas')).fetchIdeas(locale, params),
  });

/** A listing, page after page (SPEC section 4 pagination). */
export const ideaPagesQuery = (locale: AppLocale, params: ApiParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.ideaPages(locale, params),
    queryFn: async ({ pageParam }): Promise<IdeaList> =>
      (await import('./ideas')).fetchIdeas(locale, { ...params, page: String(pageParam) }),
    initialPageParam: 1,
    getNextPageParam: (last: IdeaList) => nextPageOf(last.meta),
  });

export const ideaQuery = (locale: AppLocale, id: string) =>
  queryOptions({
    queryKey: queryKeys.idea(locale, id),
    queryFn: async () => (await import('./ideas')).fetchIdea(locale, id),
    staleTime: IDEA_STALE_MS,
  });
