import 'server-only';
import {
  dehydrate,
  hashKey,
  QueryClient,
  type DehydratedState,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { pageOfRefs, type ItemRef, type Page } from '@/lib/listing/pagination';
import { queryKeys } from '@/lib/contract/query-keys';
import { ideasQuery as ideasQuerySchema, type IdeaResource } from '@/lib/contract/ideas';
import type { CategoryResource } from '@/lib/contract/catalog';
import type { AppLocale } from '@/lib/i18n/locales';
import type { ApiParams } from '@/lib/listing/params';
import { DATABASE_UNAVAILABLE_DIGEST } from '@/lib/http/errors';
import { isDatabaseUnavailable } from '../db/errors';
import { ApiError } from '../http/problem';
import { textLanguageOf } from '@/lib/i18n/text-languages';
import { getConfig } from '../catalog/config';
import { listIdeas } from '../ideas/query';
import { getPlace, listPopularPlaces } from '../places/place-queries';
import { loadCategories } from './categories';

/** A database outage is marked so that the error boundary shows the 503 page; other errors go on as they are. */
function pageDataFailed(error: unknown): never {
  if (isDatabaseUnavailable(error))
    throw Object.assign(new Error('The database is unavailable.', { cause: error }), {
      digest: DATABASE_UNAVAILABLE_DIGEST,
    });
  throw error;
}

/**
 * Prefetching leaves other failures to the browser's own request, as before; a database outage fails the
 * page instead of rendering (and caching, for the revalidated pages) one without its data.
 */
function failOnOutage(error: unknown): void {
  if (isDatabaseUnavailable(error)) pageDataFailed(error);
}

/** A page's own service calls (outside React Query) fail the same way. */
export const pageData = <T>(load: Promise<T>): Promise<T> => load.catch(pageDataFailed);

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
    queryClient.fetchQuery({ queryKey: queryKeys.config(), queryFn: async () => getConfig() }).catch(failOnOutage),
    queryClient
      .fetchQuery({ queryKey: queryKeys.categories(locale), queryFn: () => loadCategories(locale) })
      .catch(failOnOutage),
  ]);
}

const listOf = (locale: AppLocale, params: ApiParams, page = 1) =>
  listIdeas(ideasQuerySchema.parse({ ...params, page: String(page) }), textLanguageOf(locale), null);

export async function prefetchIdeas(queryClient: QueryClient, locale: AppLocale, params: ApiParams) {
  await queryClient
    .fetchQuery({ queryKey: queryKeys.ideas(locale, params), queryFn: () => listOf(locale, params) })
    .catch(failOnOutage);
}

export async function prefetchIdeaPages(queryClient: QueryClient, locale: AppLocale, params: ApiParams) {
  await queryClient
    .fetchInfiniteQuery({
      queryKey: queryKeys.ideaPages(locale, params),
      queryFn: () => listOf(locale, params),
      initialPageParam: 1,
    })
    .catch(failOnOutage);
}

/**
 * The client's state for the browser, with the pages of the infinite query `pagesKey` as ids only: the page renders
 * their cards on the server and the listing shows those as they came (components/ideas/IdeaListing.tsx), so their
 * ideas would travel a second time, and be serialised twice, for nothing: about 7 % of a filtered listing's render.
 */
export function dehydrateWithServerCards(queryClient: QueryClient, pagesKey: QueryKey): DehydratedState {
  const hash = hashKey(pagesKey);
  const state = dehydrate(queryClient);
  return {
    ...state,
    queries: state.queries.map((query) => {
      const data = query.state.data as InfiniteData<Page<ItemRef>> | undefined;
      if (query.queryHash !== hash || !data) return query;
      return { ...query, state: { ...query.state, data: { ...data, pages: data.pages.map(pageOfRefs) } } };
    }),
  };
}

/**
 * A guide page's client state: the first page of their ideas, read with the guide and rendered as the server's
 * cards, and the categories that colour the cards "show more" adds.
 */
export function guideIdeasState(
  locale: AppLocale,
  guideHid: string,
  firstPage: Page<IdeaResource>,
  categories: CategoryResource[],
): DehydratedState {
  const queryClient = serverQueryClient();
  const pagesKey = queryKeys.guideIdeaPages(locale, guideHid);
  queryClient.setQueryData<InfiniteData<Page<IdeaResource>>>(pagesKey, { pages: [firstPage], pageParams: [1] });
  queryClient.setQueryData(queryKeys.categories(locale), { data: categories });
  return dehydrateWithServerCards(queryClient, pagesKey);
}

export async function prefetchPopularPlaces(queryClient: QueryClient, locale: AppLocale) {
  await queryClient
    .fetchQuery({
      queryKey: queryKeys.places(locale, 'popular'),
      queryFn: () => listPopularPlaces(textLanguageOf(locale)),
    })
    .catch(failOnOutage);
}

/** The listing's chosen place, or null for an unknown one (the listing answers 404). */
export async function prefetchPlace(queryClient: QueryClient, locale: AppLocale, id: number) {
  try {
    return await queryClient.fetchQuery({
      queryKey: queryKeys.place(locale, id),
      queryFn: () => getPlace(id, textLanguageOf(locale)),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    return pageDataFailed(error);
  }
}
