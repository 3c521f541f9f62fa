'use client';

import { useLocale } from 'next-intl';
import { useLiveQuery } from '@/components/providers/useLiveQuery';
import { categoriesQuery } from '@/lib/api/queries';
import type { AppLocale } from '@/lib/i18n/locales';
import { setFilters, type Filters } from '@/lib/listing/filters';
import { SORT_OPTIONS } from '@/lib/listing/sort';
import { ListingFiltersView } from './ListingFiltersView';
import { MainFilter } from './MainFilter';
import { MoreFilters } from './MoreFilters';
import { SearchField } from './SearchField';
import { useApplyFilters } from './useListingFilters';

/**
 * Everything that narrows the listing, with its behaviour: main filter, search, category chips, more filters, sort,
 * set values. The page shows the server's copy of it first (ListingFiltersIsland).
 */
export function ListingFilters({ filters }: { filters: Filters }) {
  const locale = useLocale() as AppLocale;
  const { apply } = useApplyFilters(filters);
  const { data: categories } = useLiveQuery(categoriesQuery(locale));

  return (
    <ListingFiltersView
      filters={filters}
      categories={categories?.data}
      main={<MainFilter filters={filters} apply={apply} />}
      search={<SearchField filters={filters} apply={apply} />}
      more={<MoreFilters filters={filters} onApply={apply} />}
      onSort={(option) => apply(setFilters(filters, SORT_OPTIONS[option]))}
      onRemove={(patch) => apply(setFilters(filters, patch))}
    />
  );
}
