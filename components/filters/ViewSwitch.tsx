'use client';

import { useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import { listingHref, setFilters, type Filters } from '@/lib/listing/filters';
import styles from './ViewSwitch.module.css';

/**
 * The listing's List / Map switch: two links, so each view is its own URL (`view=map`, nothing for the list)
 * with every other filter kept, and the browser's back button and the page cache treat them as pages.
 */
export function ViewSwitch({ filters }: { filters: Filters }) {
  const t = useTranslations('map');
  const onMap = filters.view === 'map';
  return (
    <nav aria-label={t('view')} className={styles.switch}>
      <AppLink
        href={listingHref(setFilters(filters, { view: null }))}
        className={styles.option}
        aria-current={onMap ? undefined : 'page'}
        scroll={false}
      >
        {t('list')}
      </AppLink>
      <AppLink
        href={listingHref(setFilters(filters, { view: 'map' }))}
        className={styles.option}
        aria-current={onMap ? 'page' : undefined}
        scroll={false}
      >
        {t('map')}
      </AppLink>
    </nav>
  );
}
