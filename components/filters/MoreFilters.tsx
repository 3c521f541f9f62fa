'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { clientOnly } from '@/components/ui/clientOnly';
import { buttonClass } from '@/components/ui/button';
import { SlidersIcon } from '@/components/ui/icons/SlidersIcon';
import { useOverlayTrigger } from '@/components/ui/LazyOverlayPanel';
import { MORE_FILTER_KEYS, type Filters } from '@/lib/listing/filters';
import styles from './ListingFilters.module.css';

const loadSheet = () => import('./MoreFiltersSheet');
// The sheet's fields, their rules and the live count load when a visitor reaches for the button, not with /go.
const MoreFiltersSheet = clientOnly(() => loadSheet().then((m) => m.MoreFiltersSheet));

/** The "more filters" button, with how many of its filters are set; it opens MoreFiltersSheet. */
export function MoreFilters({ filters, onApply }: { filters: Filters; onApply: (filters: Filters) => void }) {
  const t = useTranslations('filters');
  const [open, setOpen] = useState(false);
  const overlay = useOverlayTrigger(open, setOpen, loadSheet);
  const setCount = MORE_FILTER_KEYS.filter((key) => filters[key] !== undefined).length;

  return (
    <>
      <button className={buttonClass('chip')} {...overlay.triggerProps}>
        <SlidersIcon width={18} height={18} />
        <span>{t('more')}</span>
        {setCount > 0 ? <span className={styles.badge}>{setCount}</span> : null}
      </button>
      {overlay.mounted ? (
        <MoreFiltersSheet
          open={open}
          onOpenChange={setOpen}
          trigger={overlay.ref}
          filters={filters}
          onApply={onApply}
        />
      ) : null}
    </>
  );
}
