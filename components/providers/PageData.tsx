'use client';

import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { DehydratedState } from '@tanstack/react-query';
import { offerPageData } from '@/lib/api/query-client-slot';

/** The page's answers by query hash, for the parts that render them before React Query has loaded. */
const PageAnswers = createContext<ReadonlyMap<string, unknown>>(new Map());

export const usePageAnswers = () => useContext(PageAnswers);

/**
 * A page's server-fetched data, as no older than the document that brought it. Pages served from the page cache
 * (home, listings) may have been rendered long before, but they are invalidated whenever their data changes;
 * counted from the render, their data would be stale on arrival and fetched again. Data newer than the document (a
 * later client-side navigation) keeps its own time, so it never replaces what the browser fetched since.
 *
 * The page's parts render it through useLiveQuery, without React Query; the data goes into React Query's client
 * when that loads (at once if it has: only what the client lacks while rendering, the rest after, as React
 * Query's own HydrationBoundary does).
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
  const answers = useMemo(() => {
    offerPageData(delivered, { onlyMissing: true });
    return new Map(delivered.queries.map((query) => [query.queryHash, query.state.data]));
  }, [delivered]);
  useEffect(() => {
    offerPageData(delivered, { onlyMissing: false });
  }, [delivered]);
  return <PageAnswers.Provider value={answers}>{children}</PageAnswers.Provider>;
}
