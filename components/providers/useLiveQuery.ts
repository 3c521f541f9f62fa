'use client';

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { InfiniteData, QueryKey } from '@tanstack/react-query';
import { loadedQueryClient } from '@/lib/api/query-client-slot';
import { queryHash } from '@/lib/api/query-hash';
import type { LiveInfiniteOptions, LiveObserver, LiveQueryOptions, LiveResult } from '@/lib/api/query-observer';
import { usePageAnswers } from './PageData';

/** A query as the parts without React Query in their first load see it: useQuery's fields that they use. */
export interface LiveQuery<TData> {
  data: TData | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  refetch: () => void;
  fetchNextPage: () => void;
}

interface LiveOptions {
  /** False: nothing is fetched, only what the page or the client already holds is shown. */
  enabled?: boolean;
  /** While another key loads, the previous key's data stays (React Query's keepPreviousData). */
  keepPrevious?: boolean;
}

type Action = 'next' | 'refetch';

/**
 * useQuery for the parts of the budget pages (home, the listing, the idea page) and of the shell: they render the
 * page's data (PageData) or what the client holds, and React Query loads only when they want more: data the page
 * did not bring, a refetch, the next page. Null options want nothing (a query without its parameters yet).
 */
export function useLiveQuery<TData, TKey extends QueryKey>(
  options: LiveQueryOptions<TData, TKey> | null,
  liveOptions: LiveOptions = {},
): LiveQuery<TData> {
  return useObservedQuery(options, false, liveOptions);
}

/** useInfiniteQuery in the same way: the page's first page, and React Query from the next page on. */
export function useLiveInfiniteQuery<TPage, TKey extends QueryKey, TPageParam = number>(
  options: LiveInfiniteOptions<TPage, TKey, TPageParam>,
): LiveQuery<InfiniteData<TPage>> {
  // The observer is an infinite one (lib/api/query-observer.ts); only the option types differ.
  return useObservedQuery(options as unknown as LiveQueryOptions<InfiniteData<TPage>, TKey>, true, {});
}

function useObservedQuery<TData, TKey extends QueryKey>(
  options: LiveQueryOptions<TData, TKey> | null,
  infinite: boolean,
  { enabled = true, keepPrevious = false }: LiveOptions,
): LiveQuery<TData> {
  const pageAnswers = usePageAnswers();
  const hash = options ? queryHash(options.queryKey) : null;
  const held =
    options && hash
      ? (loadedQueryClient()?.getQueryData<TData>(options.queryKey) ?? (pageAnswers.get(hash) as TData | undefined))
      : undefined;
  // Something asked for more than the held data: a refetch or the next page.
  const [wanted, setWanted] = useState(false);
  const [reported, setReported] = useState<{ hash: string; result: LiveResult<TData>; lastData?: TData } | null>(null);
  const observer = useRef<LiveObserver<TData, TKey> | null>(null);
  // The key the observer follows: its reports are this key's until the options change.
  const observedHash = useRef<string | null>(null);
  const waitingAction = useRef<Action | null>(null);
  const observe = options !== null && enabled && (wanted || held === undefined || loadedQueryClient() !== undefined);
  const latestOptions = useEffectEvent(() => options);

  useEffect(() => {
    if (!observe) return;
    let stopped = false;
    void import('@/lib/api/query-observer').then(({ observeQuery }) => {
      const current = latestOptions();
      if (stopped || !current) return;
      observedHash.current = queryHash(current.queryKey);
      observer.current = observeQuery(current, infinite, (result) =>
        setReported((previous) => ({
          hash: observedHash.current!,
          result,
          lastData: result.data ?? previous?.lastData,
        })),
      );
      const action = waitingAction.current;
      waitingAction.current = null;
      if (action === 'next') observer.current.fetchNextPage();
      if (action === 'refetch') observer.current.refetch();
    });
    return () => {
      stopped = true;
      observer.current?.stop();
      observer.current = null;
    };
  }, [observe, infinite]);

  useEffect(() => {
    const current = latestOptions();
    if (!current || !observer.current) return;
    observedHash.current = queryHash(current.queryKey);
    observer.current.setOptions(current);
  }, [hash]);

  const act = (action: Action) => {
    if (observer.current) return action === 'next' ? observer.current.fetchNextPage() : observer.current.refetch();
    waitingAction.current = action;
    setWanted(true);
  };

  const result = reported?.hash === hash ? reported.result : undefined;
  let data = result ? result.data : held;
  if (data === undefined && keepPrevious) data = reported?.lastData;
  return {
    data,
    isPending: data === undefined && !result?.isError,
    isError: result?.isError ?? false,
    isFetching: result?.isFetching ?? (observe && data === undefined),
    isFetchingNextPage: result?.isFetchingNextPage ?? false,
    refetch: () => act('refetch'),
    fetchNextPage: () => act('next'),
  };
}
