import type { DehydratedState, QueryClient } from '@tanstack/react-query';

/**
 * The browser's one QueryClient, held here without React Query's code: the budget pages (home, the listing, the
 * idea page) and the shell do not ship React Query (about 14 kB gzipped) in their first load. They render the
 * server's page data (components/providers/PageData) and load React Query when something asks for live data
 * (components/providers/useLiveQuery); the account and the office load it with their code (QueryArea).
 */
export const queryClientSlot: {
  current?: QueryClient;
  /** Puts a page's data into the client: set by lib/api/query-client.ts once React Query has loaded. */
  hydrate?: (state: DehydratedState, { onlyMissing }: { onlyMissing: boolean }) => void;
  /** Pages' data from before React Query loaded, put into the client when it is made (latest last). */
  waiting: DehydratedState[];
} = { waiting: [] };

/** The pages whose data waits for the client: a visit's last few are plenty (each holds one page's answers). */
const MAX_WAITING = 8;

/** The client if some part of the page has loaded it, so that its cached answers can be dropped or refreshed. */
export const loadedQueryClient = (): QueryClient | undefined => queryClientSlot.current;

/** The client, loading React Query first if no part of the page has yet. */
export async function loadQueryClient(): Promise<QueryClient> {
  return queryClientSlot.current ?? (await import('./query-client')).getQueryClient();
}

/**
 * A page's data for the client: at once when React Query has loaded (only the answers the client lacks, as
 * React Query's HydrationBoundary does while rendering), or kept for when it loads.
 */
export function offerPageData(state: DehydratedState, { onlyMissing }: { onlyMissing: boolean }) {
  // The server renders each request's page data on its own.
  if (typeof window === 'undefined') return;
  if (queryClientSlot.hydrate) return queryClientSlot.hydrate(state, { onlyMissing });
  const { waiting } = queryClientSlot;
  if (!waiting.includes(state)) waiting.push(state);
  if (waiting.length > MAX_WAITING) waiting.shift();
}
