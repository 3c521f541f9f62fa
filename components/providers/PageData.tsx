'use client';

import { useMemo, type ReactNode } from 'react';
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { QueryArea } from './QueryArea';

/**
 * A page's server-fetched data, hydrated as no older than the document that brought it. Pages served from
 * the page cache (home, idea pages) may have been rendered long before, but they are invalidated whenever
 * their data changes; counted from the render, their data would be stale on arrival and fetched again.
 * Data newer than the document (a later client-side navigation) keeps its own time, so hydration never
 * replaces what the browser fetched since. The page's parts fetch with React Query from then on (QueryArea).
 */
export function PageData({ state, children }: { state: DehydratedState; children: ReactNode }) {
  const delivered = useMemo(() => {
    const documentLoad = Math.floor(performance.timeOrigin);
    return {
      ...state,
      queries: state.queries.map((query) => ({
        ...query,
        state: { ...query.state, dataUpdatedAt: Math.max(query.state.dataUpdatedAt, documentLoad) },
      })),
    };
  }, [state]);
  return (
    <QueryArea>
      <HydrationBoundary state={delivered}>{children}</HydrationBoundary>
    </QueryArea>
  );
}
