'use client';

import { useTranslations } from 'next-intl';
import { useListingFilters } from '@/components/filters/useListingFilters';
import { AppLink } from '@/components/ui/AppLink';
import { ChevronLeftIcon } from '@/components/ui/icons/ChevronLeftIcon';
import { DEFAULT_PLACE_ID } from '@/lib/constants';
import { listingHref, setFilters } from '@/lib/listing/filters';
import { PlaceSearch } from './PlaceSearch';
import styles from './PlaceSearchPage.module.css';

/**
 * `/a/place-search`: choose the listing's place. It carries the listing's other filters in its own query
 * and returns to `/go` with them and the chosen place (the main place needs no parameter).
 */
export function PlaceSearchPage() {
  const t = useTranslations('places');
  const { filters, apply } = useListingFilters();
  const selectedId = filters.place_id ? Number(filters.place_id) : DEFAULT_PLACE_ID;

  return (
    <div className={styles.page}>
      <AppLink href={listingHref(filters)} className={styles.back}>
        <ChevronLeftIcon width={18} height={18} aria-hidden />
        {t('backToListing')}
      </AppLink>
      <PlaceSearch
        selectedId={selectedId}
        onChoose={(place) => apply(setFilters(filters, { place_id: place.id === DEFAULT_PLACE_ID ? null : place.id }))}
      />
    </div>
  );
}
