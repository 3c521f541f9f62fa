'use client';

import { useTranslations } from 'next-intl';
import { PinIcon } from '@/components/ui/icons';
import { setDateRange } from '@/lib/listing/filters';
import { DateRangeFilter } from './DateRangeFilter';
import { useListingFilters } from './useListingFilters';
import styles from './MainFilter.module.css';

/**
 * SPEC section 2 main filter: the fixed main place and the date range. Applying dates navigates to /go
 * with every other filter kept. `compact` is the header's version on phones.
 */
export function MainFilter({ compact = false }: { compact?: boolean }) {
  const t = useTranslations('filters');
  const { filters, apply } = useListingFilters();
  return (
    <div className={`${styles.main} ${compact ? styles.compact : ''}`}>
      <span className={styles.place}>
        <PinIcon width={18} height={18} />
        <span className={styles.placeName}>{t('mainPlace')}</span>
      </span>
      <DateRangeFilter compact={compact} from={filters.date_from} to={filters.date_to} onApply={(range) => apply(setDateRange(filters, range))} />
    </div>
  );
}
