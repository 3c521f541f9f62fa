'use client';

import { useTranslations } from 'next-intl';
import { usePlaceTitle } from '@/components/places/usePlaceTitle';
import { AppLink } from '@/components/ui/AppLink';
import { PinIcon } from '@/components/ui/icons/PinIcon';
import { filtersToSearch, setDateRange, type Filters } from '@/lib/listing/filters';
import { DateRangeFilter } from './DateRangeFilter';
import { useListingFilters } from './useListingFilters';
import styles from './MainFilter.module.css';

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
  const t = useTranslations('filters');
  const place = usePlaceTitle(filters.place_id, { afterHydration: compact });
  return (
    <div className={`${styles.main} ${compact ? styles.compact : ''}`}>
      <AppLink
        href={`/a/place-search${filtersToSearch(filters)}`}
        className={styles.place}
        aria-label={t('placeChange', { place })}
      >
        <PinIcon width={18} height={18} aria-hidden />
        <span className={styles.placeName}>{place}</span>
      </AppLink>
      <DateRangeFilter
        compact={compact}
        from={filters.date_from}
        to={filters.date_to}
        onApply={(range) => apply(setDateRange(filters, range))}
      />
    </div>
  );
}

/** The header's compact main filter on phones: outside the listing page, it reads the filters from the URL. */
export function HeaderMainFilter() {
  const { filters, apply } = useListingFilters();
  return <MainFilter compact filters={filters} apply={apply} />;
}
