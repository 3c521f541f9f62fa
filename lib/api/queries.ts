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
  userBookings: (locale: AppLocale, userHid: string) => [SIGNED_IN_SCOPE, 'bookings', locale, userHid] as const,
  ownIdeas: (locale: AppLocale, userHid: string) => [SIGNED_IN_SCOPE, 'office', 'ideas', locale, userHid] as const,
  ownIdea: (locale: AppLocale, hid: string) => [SIGNED_IN_SCOPE, 'office', 'idea', locale, hid] as const,
  receivedBookings: (locale: AppLocale, userHid: string) => [SIGNED_IN_SCOPE, 'office', 'bookings', locale, userHid] as const,
  ideaTypes: (locale: AppLocale) => ['ideaTypes', locale] as const,
};

/** Catalogue data changes rarely; an idea page may come from a page cached for a minute. */
const CATALOG_STALE_MS = 10 * 60_000;
const IDEA_STALE_MS = 5 * 60_000;

export const configQuery = () =>
  queryOptions({ queryKey: queryKeys.config(), queryFn: async () => (await import('./catalog')).fetchConfig(), staleTime: CATALOG_STALE_MS });

export const categoriesQuery = (locale: AppLocale) =>
  queryOptions({ queryKey: queryKeys.categories(locale), queryFn: async () => (await import('./catalog')).fetchCategories(locale), staleTime: CATALOG_STALE_MS });

/** One page of ideas (home sections). */
export const ideasQuery = (locale: AppLocale, params: ApiParams) =>
  queryOptions({ queryKey: queryKeys.ideas(locale, params), queryFn: async () => (await import('./ideas')).fetchIdeas(locale, params) });

/** A listing, page after page (SPEC section 4 pagination). */
export const ideaPagesQuery = (locale: AppLocale, params: ApiParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.ideaPages(locale, params),
    queryFn: async ({ pageParam }): Promise<IdeaList> => (await import('./ideas')).fetchIdeas(locale, { ...params, page: String(pageParam) }),
    initialPageParam: 1,
    getNextPageParam: (last: IdeaList) => nextPageOf(last.meta),
  });

export const ideaQuery = (locale: AppLocale, id: string) =>
  queryOptions({ queryKey: queryKeys.idea(locale, id), queryFn: async () => (await import('./ideas')).fetchIdea(locale, id), staleTime: IDEA_STALE_MS });

/** One of our places (the listing's chosen place). */
export const placeQuery = (locale: AppLocale, id: number) =>
  queryOptions({ queryKey: queryKeys.place(locale, id), queryFn: async () => (await import('./places')).fetchPlace(locale, id), staleTime: CATALOG_STALE_MS });

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
  queryOptions({ queryKey: queryKeys.placeSearch(locale, title), queryFn: async () => (await import('./places')).searchPlaces(locale, title), staleTime: CATALOG_STALE_MS });

export const moderationQueueQuery = (locale: AppLocale) =>
  infiniteQueryOptions({
    queryKey: queryKeys.moderationQueue(locale),
    queryFn: async ({ pageParam }): Promise<IdeaList> => (await import('./moderation')).fetchModerationQueue(locale, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: IdeaList) => nextPageOf(last.meta),
  });

export const ideaReviewQuery = (locale: AppLocale, hid: string) =>
  queryOptions({ queryKey: queryKeys.ideaReview(locale, hid), queryFn: async () => (await import('./moderation')).fetchIdeaForReview(locale, hid) });

/** The signed-in user's own profile (with email and phone): account pages only, never prefetched on the server. */
export const profileQuery = (profileHid: string) =>
  queryOptions({ queryKey: queryKeys.profile(profileHid), queryFn: async () => (await import('./account')).fetchProfile(profileHid) });

export const userBookingsQuery = (locale: AppLocale, userHid: string) =>
  queryOptions({ queryKey: queryKeys.userBookings(locale, userHid), queryFn: async () => (await import('./bookings')).fetchUserBookings(userHid, locale) });

/** The office: the signed-in author's ideas in every status (never cached across users: the key names the user). */
export const ownIdeasQuery = (locale: AppLocale, userHid: string) =>
  queryOptions({ queryKey: queryKeys.ownIdeas(locale, userHid), queryFn: async () => (await import('./office')).fetchOwnIdeas(locale, userHid) });

/** The editor's idea: the detail with every include plus its texts in every language. */
export const ownIdeaQuery = (locale: AppLocale, hid: string) =>
  queryOptions({
    queryKey: queryKeys.ownIdea(locale, hid),
    queryFn: async () => {
      const office = await import('./office');
      const [idea, texts] = await Promise.all([office.fetchOwnIdea(locale, hid), office.fetchIdeaTexts(hid)]);
      return { idea: idea.data, texts: texts.data };
    },
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export const receivedBookingsQuery = (locale: AppLocale, userHid: string) =>
  queryOptions({ queryKey: queryKeys.receivedBookings(locale, userHid), queryFn: async () => (await import('./office')).fetchReceivedBookings(locale, userHid) });

export const ideaTypesQuery = (locale: AppLocale) =>
  queryOptions({ queryKey: queryKeys.ideaTypes(locale), queryFn: async () => (await import('./office')).fetchIdeaTypes(locale), staleTime: CATALOG_STALE_MS });
