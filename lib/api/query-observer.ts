import {
  InfiniteQueryObserver,
  type InfiniteData,
  type InfiniteQueryObserverOptions,
  QueryObserver,
  type InfiniteQueryObserverResult,
  type QueryKey,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/react-query';
import { getQueryClient } from './query-client';

// As QueryClientProvider does, for the pages without one: refetch on reconnect, resume what went offline.
getQueryClient().mount();

/** What useLiveQuery observes: a query's options (lib/api/queries.ts), or an infinite query's. */
export type LiveQueryOptions<TData, TKey extends QueryKey = QueryKey> = QueryObserverOptions<
  TData,
  Error,
  TData,
  TData,
  TKey
>;

/** An infinite query's options (lib/api/queries.ts ideaPagesQuery): numbered pages, or what else names them. */
export type LiveInfiniteOptions<
  TPage,
  TKey extends QueryKey = QueryKey,
  TPageParam = number,
> = InfiniteQueryObserverOptions<TPage, Error, InfiniteData<TPage>, TKey, TPageParam>;

/** What a live query reports: the observer's result, which is an infinite one's for an infinite query. */
export type LiveResult<TData> = QueryObserverResult<TData> &
  Partial<Pick<InfiniteQueryObserverResult, 'isFetchingNextPage'>>;

export interface LiveObserver<TData, TKey extends QueryKey> {
  setOptions(options: LiveQueryOptions<TData, TKey>): void;
  fetchNextPage(): void;
  refetch(): void;
  stop(): void;
}

/**
 * Follows one query of the browser's client, as useQuery and useInfiniteQuery do: reports its result now and on
 * every change, and fetches it when it is missing or stale.
 */
export function observeQuery<TData, TKey extends QueryKey>(
  options: LiveQueryOptions<TData, TKey>,
  infinite: boolean,
  onResult: (result: LiveResult<TData>) => void,
): LiveObserver<TData, TKey> {
  const client = getQueryClient();
  // An infinite query's options carry its page parameters; its data is { pages, pageParams }.
  const observer = infinite
    ? (new InfiniteQueryObserver(client, options as never) as unknown as QueryObserver<
        TData,
        Error,
        TData,
        TData,
        TKey
      >)
    : new QueryObserver<TData, Error, TData, TData, TKey>(client, options);
  onResult(observer.getOptimisticResult(client.defaultQueryOptions(options)) as LiveResult<TData>);
  const unsubscribe = observer.subscribe((result) => onResult(result as LiveResult<TData>));
  return {
    setOptions: (next) => observer.setOptions(next),
    fetchNextPage: () => void (observer as unknown as InfiniteQueryObserver).fetchNextPage(),
    refetch: () => void observer.refetch(),
    stop: unsubscribe,
  };
}
