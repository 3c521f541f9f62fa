'use client';

import { useEffect, useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { loadedQueryClient } from '@/lib/api/query-client-slot';
import type { LiveQueryOptions } from '@/lib/api/query-observer';

/**
 * A query's data for a part of a page that renders from the server's props first (the idea page, the shell):
 * React Query loads when the query is first wanted (enabled), not with the page. Until then, and for null
 * options, only what the page's client already holds; undefined until the data is there.
 */
export function useLiveQuery<TData, TKey extends QueryKey>(
  options: LiveQueryOptions<TData, TKey> | null,
  enabled = true,
): TData | undefined {
  const key = options ? JSON.stringify(options.queryKey) : null;
  // What the client holds already (another part of the page asked first): shown at once, without a flash.
  const held = () => (options ? loadedQueryClient()?.getQueryData<TData>(options.queryKey) : undefined);
  const [state, setState] = useState<{ key: string | null; data: TData | undefined }>(() => ({ key, data: held() }));
  useEffect(() => {
    if (!options || !enabled) return;
    let stop: (() => void) | undefined;
    let wanted = true;
    void import('@/lib/api/query-observer').then(({ observeQuery }) => {
      if (wanted) stop = observeQuery(options, (data) => setState({ key, data }));
    });
    return () => {
      wanted = false;
      stop?.();
    };
    // The options are made anew on every render; the key names the query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled]);
  return state.key === key ? state.data : held();
}
