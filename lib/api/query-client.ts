import { isServer, QueryClient } from '@tanstack/react-query';
import { queryClientSlot } from './query-client-slot';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Server-prefetched data is fresh on arrival: no refetch right after hydration.
      queries: { staleTime: 60_000, refetchOnWindowFocus: false },
    },
  });
}

/** A new client for every server render; one for the whole page life in the browser. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  queryClientSlot.current ??= makeQueryClient();
  return queryClientSlot.current;
}
