import { QueryObserver, type QueryKey, type QueryObserverOptions } from '@tanstack/react-query';
import { getQueryClient } from './query-client';

// As QueryClientProvider does, for the pages without one: refetch on reconnect, resume what went offline.
getQueryClient().mount();

/** What useLiveQuery observes: a query's key and function, with its options (lib/api/queries.ts). */
export type LiveQueryOptions<TData, TKey extends QueryKey = QueryKey> = QueryObserverOptions<
  TData,
  Error,
  TData,
  TData,
  TKey
>;

/**
 * Follows one query of the browser's client, as useQuery does, reporting its data now and on every change; fetches
 * it when it is missing or stale. Returns the function that stops following.
 */
export function observeQuery<TData, TKey extends QueryKey>(
  options: LiveQueryOptions<TData, TKey>,
  onData: (data: TData | undefined) => void,
): () => void {
  const observer = new QueryObserver<TData, Error, TData, TData, TKey>(getQueryClient(), options);
  onData(observer.getCurrentResult().data);
  return observer.subscribe((result) => onData(result.data));
}
