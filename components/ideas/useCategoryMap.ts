'use client';

import { useMemo } from 'react';
import { useLocale } from 'next-intl';
import { useLiveQuery } from '@/components/providers/useLiveQuery';
import { categoriesQuery } from '@/lib/api/queries';
import type { AppLocale } from '@/lib/i18n/locales';
import { categoryMap } from './category-map';

/** Categories by id (title and colour class) from the page's categories, or the client's. */
export function useCategoryMap() {
  const locale = useLocale() as AppLocale;
  const { data } = useLiveQuery(categoriesQuery(locale));
  return useMemo(() => categoryMap(data?.data ?? []), [data]);
}
