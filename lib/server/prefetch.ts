import 'server-only';
import { QueryClient } from '@tanstack/react-query';
import { categoriesQuery, configQuery, ideaPagesQuery, ideaQuery, ideasQuery } from '@/lib/api/queries';
import { placeQuery, placesQuery } from '@/lib/api/place-queries';
import { ideasQuery as ideasQuerySchema, DEFAULT_DETAIL_INCLUDES } from '@/lib/api/schemas/ideas';
import type { AppLocale } from '@/lib/i18n/locales';
import type { ApiParams } from '@/lib/listing/params';
import { ApiError } from './http/problem';
import { textLanguageOf } from './localized';
import { listCategories } from './services/catalog';
import { getConfig } from './services/config';
import { getIdea, listIdeas } from './services/ideas';
import { getPlace, listPopularPlaces } from './services/places';

/**
 * Server prefetch into React Query: the same service functions as the API, under the same query keys
 * as the browser's, so hydrated data and a later client fetch are identical. Pages render what a
 * signed-out visitor sees (that is what gets cached and crawled).
 */
export function serverQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
}

export async function prefetchCatalog(queryClient: QueryClient, locale: AppLocale) {
  await Promise.all([
    queryClient.prefetchQuery({ ...configQuery(), queryFn: async () => getConfig() }),
    queryClient.prefetchQuery({ ...categoriesQuery(locale), queryFn: () => listCategories(textLanguageOf(locale)) }),
  ]);
}

const listOf = (locale: AppLocale, params: ApiParams, page = 1) =>
  listIdeas(ideasQuerySchema.parse({ ...params, page: String(page) }), textLanguageOf(locale), null);

export async function prefetchIdeas(queryClient: QueryClient, locale: AppLocale, params: ApiParams) {
  await queryClient.prefetchQuery({ ...ideasQuery(locale, params), queryFn: () => listOf(locale, params) });
}

export async function prefetchIdeaPages(queryClient: QueryClient, locale: AppLocale, params: ApiParams) {
  await queryClient.prefetchInfiniteQuery({ ...ideaPagesQuery(locale, params), queryFn: () => listOf(locale, params) });
}

/** The idea of an idea page (published ones only), or null: the page answers 404. */
export async function prefetchIdea(queryClient: QueryClient, locale: AppLocale, id: string) {
  try {
    return await queryClient.fetchQuery({ ...ideaQuery(locale, id), queryFn: () => getIdea(id, DEFAULT_DETAIL_INCLUDES, textLanguageOf(locale), null) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function prefetchPopularPlaces(queryClient: QueryClient, locale: AppLocale) {
  await queryClient.prefetchQuery({ ...placesQuery(locale, 'popular'), queryFn: () => listPopularPlaces(textLanguageOf(locale)) });
}

/** The listing's chosen place, or null for an unknown one (the listing answers 404). */
export async function prefetchPlace(queryClient: QueryClient, locale: AppLocale, id: number) {
  try {
    return await queryClient.fetchQuery({ ...placeQuery(locale, id), queryFn: () => getPlace(id, textLanguageOf(locale)) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
