'use client';

import { useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { useLiveQuery } from '@/components/providers/useLiveQuery';
import { favouriteIdsQuery } from '@/lib/api/queries';
import { loadQueryClient } from '@/lib/api/query-client-slot';
import { notify } from '@/lib/browser/notify';
import {
  localFavourites,
  serverLocalFavourites,
  setLocalFavourite,
  subscribeLocalFavourites,
} from '@/lib/browser/local-favourites';
import { MAX_FAVOURITES, type FavouriteRef } from '@/lib/contract/favourite-refs';
import { queryKeys, SIGNED_IN_SCOPE } from '@/lib/contract/query-keys';

const without = (refs: FavouriteRef[] | undefined, hid: string) => (refs ?? []).filter((ref) => ref.hid !== hid);

/**
 * Whether an idea is saved, and a toggle. Signed in: the account's saved ideas (one query for every heart of a page),
 * changed at once and put back with a toast when the server refuses. Anonymous: the browser's list
 * (lib/browser/local-favourites), saved to the account on sign-in. Never known on the server: the pages that show
 * hearts are the same for everyone, so they stay cached.
 */
export function useFavourite(id: number, hid: string): { pressed: boolean; toggle: () => void } {
  const t = useTranslations('favourites');
  const userHid = useAppStore((s) => (s.token !== null ? (s.user?.hid ?? null) : null));
  const local = useSyncExternalStore(subscribeLocalFavourites, localFavourites, serverLocalFavourites);
  const remote = useLiveQuery(userHid !== null ? favouriteIdsQuery(userHid) : null).data;
  const pressed = userHid !== null ? (remote ?? []).some((ref) => ref.hid === hid) : local.includes(hid);

  const toggle = () => {
    const save = !pressed;
    if (userHid === null) {
      if (!setLocalFavourite(hid, save)) notify('error', t('full', { max: MAX_FAVOURITES }));
      return;
    }
    const key = queryKeys.favouriteIds(userHid);
    void (async () => {
      // Loaded already: the hearts' query brought it.
      const queryClient = await loadQueryClient();
      const put = (saved: boolean) =>
        queryClient.setQueryData<FavouriteRef[]>(key, (refs) =>
          saved ? [{ id, hid }, ...without(refs, hid)] : without(refs, hid),
        );
      void queryClient.cancelQueries({ queryKey: key });
      put(save);
      try {
        const api = await import('@/lib/api/favourites');
        await (save ? api.saveFavourite(userHid, hid) : api.removeFavourite(userHid, hid));
      } catch (error) {
        put(!save);
        const status = (error as { response?: { status?: number } }).response?.status;
        notify('error', save ? t('saveFailed') : t('removeFailed'), {
          description: status === 409 ? t('full', { max: MAX_FAVOURITES }) : t('tryAgain'),
        });
      } finally {
        void queryClient.invalidateQueries({ queryKey: [SIGNED_IN_SCOPE, 'favourites'] });
      }
    })();
  };

  return { pressed, toggle };
}
