'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { placeQuery } from '@/lib/api/place-queries';
import { DEFAULT_PLACE_ID } from '@/lib/constants';
import type { AppLocale } from '@/lib/i18n/locales';

/** The localized name of the listing's place (`place_id` from its URL); the main place needs no request. */
export function usePlaceTitle(placeId: string | undefined): string {
  const t = useTranslations('filters');
  const locale = useLocale() as AppLocale;
  const id = placeId ? Number(placeId) : DEFAULT_PLACE_ID;
  const { data } = useQuery({ ...placeQuery(locale, id), enabled: id !== DEFAULT_PLACE_ID });
  return id === DEFAULT_PLACE_ID ? t('mainPlace') : (data?.data.attributes.title ?? t('mainPlace'));
}
