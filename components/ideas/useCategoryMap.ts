'use client';

import { useMemo } from 'react';
import { useLocale } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { categoriesQuery } from '@/lib/api/queries';
import type { AppLocale } from '@/lib/i18n/locales';
import { categoryMap } from './category-map';

/** Categories by id (title and colour class) from the prefetched categories query. */
export function useCategoryMap() {
  const locale = useLocale() as AppLocale;
  const { data } = useQuery(categoriesQuery(locale));
  return useMemo(() => categoryMap(data?.data ?? []), [data]);
}
