'use client';

import { usePlaceTitle } from '@/components/places/usePlaceTitle';
import { setDateRange, type Filters } from '@/lib/listing/filters';
import { DateRangeFilter } from './DateRangeFilter';
import { MainFilterView } from './FilterControls';
import { useListingFilters } from './useListingFilters';

/**
 * SPEC section 2 main filter: the place (Vladivostok unless one was chosen in the place search, which it
 * opens) and the date range. Applying dates navigates to /go with every other filter kept. `compact` is
 * the header's version on phones.
 */
export function MainFilter({
  filters,
  apply,
  compact = false,
}: {
  filters: Filters;
  apply: (filters: Filters) => void;
  compact?: boolean;
}) {
  const place = usePlaceTitle(filters.place_id, { afterHydration: compact });
  return (
    <MainFilterView
      filters={filters}
      place={place}
      compact={compact}
      dates={
        <DateRangeFilter
          compact={compact}
          from={filters.date_from}
          to={filters.date_to}
          onApply={(range) => apply(setDateRange(filters, range))}
        />
      }
    />
  );
}

/** The header's compact main filter on phones: outside the listing page, it reads the filters from the URL. */
export function HeaderMainFilter() {
  const { filters, apply } = useListingFilters();
  return <MainFilter compact filters={filters} apply={apply} />;
}
