import type { QueryClient } from '@tanstack/react-query';

/**
 * The browser's one QueryClient, held here without React Query's code: the idea page and the page shell do not
 * ship React Query (about 14 kB gzipped) in their first load. Pages that fetch as they render (home, the listing,
 * the account and the office) load it with their code (components/providers/QueryArea); the rest load it on first
 * need (components/providers/useLiveQuery).
 */
export const queryClientSlot: { current?: QueryClient } = {};

/** The client if some part of the page has loaded it, so that its cached answers can be dropped or refreshed. */
export const loadedQueryClient = (): QueryClient | undefined => queryClientSlot.current;

/** The client, loading React Query first if no part of the page has yet. */
export async function loadQueryClient(): Promise<QueryClient> {
  return queryClientSlot.current ?? (await import('./query-client')).getQueryClient();
}
