'use client';

import { useEffect } from 'react';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { loadedQueryClient } from '@/lib/api/query-client-slot';
import { forgetLocalFavourites, localFavourites } from '@/lib/browser/local-favourites';
import { SIGNED_IN_SCOPE } from '@/lib/contract/query-keys';

/**
 * Saves the favourites a visitor kept in the browser to the account as soon as someone is signed in (any way of
 * signing in, or a session restored on start), then forgets them locally. Ideas no longer published are dropped;
 * the rest stay in the browser to be tried again on the next sign-in or page load when the network failed.
 */
export function FavouritesSync() {
  const userHid = useAppStore((s) => (s.token !== null ? (s.user?.hid ?? null) : null));

  useEffect(() => {
    if (userHid === null) return;
    const hids = localFavourites();
    if (hids.length === 0) return;
    let current = true;
    void (async () => {
      const { mergeFavourites } = await import('@/lib/api/favourites');
      const done = await mergeFavourites(userHid, hids);
      forgetLocalFavourites(done);
      if (current && done.length > 0)
        await loadedQueryClient()?.invalidateQueries({ queryKey: [SIGNED_IN_SCOPE, 'favourites'] });
    })();
    return () => {
      current = false;
    };
  }, [userHid]);

  return null;
}
