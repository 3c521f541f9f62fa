import { hydrate, isServer, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { queryClientSlot } from './query-client-slot';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Server-prefetched data is fresh on arrival: no refetch right after hydration.
      queries: { staleTime: 60_000, refetchOnWindowFocus: false },
    },
  });
}

/** A page's data into the browser's client; an answer newer in the client than in the page is kept. */
function hydratePage(state: DehydratedState, { onlyMissing }: { onlyMissing: boolean }) {
  const client = getQueryClient();
  const cache = client.getQueryCache();
  hydrate(client, onlyMissing ? { ...state, queries: state.queries.filter((q) => !cache.get(q.queryHash)) } : state);
}

/** A new client for every server render; one for the whole page life in the browser. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  return queryClientSlot.current ?? adoptQueryClient(makeQueryClient());
}

/** Makes `client` the browser's one, with the data of the pages shown before it (tests hand in their own). */
export function adoptQueryClient(client: QueryClient): QueryClient {
  for (const state of queryClientSlot.waiting.splice(0)) hydrate(client, state);
  queryClientSlot.current = client;
  queryClientSlot.hydrate = hydratePage;
  return client;
}
