'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { useLiveQuery } from '@/components/providers/useLiveQuery';
import { placeQuery } from '@/lib/api/place-queries';
import { DEFAULT_PLACE_ID } from '@/lib/constants';
import type { AppLocale } from '@/lib/i18n/locales';

const noSubscription = () => () => {};

/**
 * The localized name of the listing's place (`place_id` from its URL); the main place needs no request,
 * and a place not loaded yet reads "Place". `afterHydration` is for a copy rendered above the page's
 * prefetched data (the header's): the server renders it before that data is there, so it shows the name
 * only once hydrated, or the browser's first render would differ from the server's.
 */
export function usePlaceTitle(placeId: string | undefined, { afterHydration = false } = {}): string {
  const t = useTranslations('filters');
  const locale = useLocale() as AppLocale;
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const id = placeId ? Number(placeId) : DEFAULT_PLACE_ID;
  const { data } = useLiveQuery(placeQuery(locale, id), { enabled: id !== DEFAULT_PLACE_ID });
  if (id === DEFAULT_PLACE_ID) return t('mainPlace');
  const title = afterHydration && !hydrated ? undefined : data?.data.attributes.title;
  return title ?? t('placeLabel');
}
