'use client';

import { useMemo } from 'react';
import { useLocale } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { categoriesQuery } from '@/lib/api/queries';
import type { AppLocale } from '@/lib/i18n/locales';

/** Categories by id (title and colour class) from the prefetched categories query. */
export function useCategoryMap() {
  const locale = useLocale() as AppLocale;
  const { data } = useQuery(categoriesQuery(locale));
  return useMemo(() => new Map((data?.data ?? []).map((c) => [c.id, { title: c.attributes.title, color: c.attributes.color }])), [data]);
}
