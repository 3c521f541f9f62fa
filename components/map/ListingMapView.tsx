'use client';

import { clientOnly } from '@/components/ui/clientOnly';
import { useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import { listingHref, setFilters, type Filters } from '@/lib/listing/filters';
import styles from './MapView.module.css';

function MapLoading() {
  const t = useTranslations('map');
  return (
    <div className={styles.placeholder} aria-busy="true">
      {t('loading')}
    </div>
  );
}

// Leaflet, its CSS and the pins load only when the map is shown: the list's first load stays as it was.
const ListingMap = clientOnly(() => import('./ListingMap').then((module) => module.ListingMap), <MapLoading />);

/** `/go?view=map`: the map in place of the list; on phones it fills the screen, with a button back to the list. */
export function ListingMapView({ filters, tileUrl }: { filters: Filters; tileUrl: string }) {
  const t = useTranslations('map');
  return (
    <section className={styles.view} aria-label={t('mapLabel')}>
      <ListingMap filters={filters} tileUrl={tileUrl} />
      <AppLink
        href={listingHref(setFilters(filters, { view: null }))}
        className={styles.backToList}
        data-only="mobile"
        scroll={false}
      >
        {t('list')}
      </AppLink>
    </section>
  );
}
