'use client';

import { useTranslations } from 'next-intl';
import { PinIcon } from '@/components/ui/icons';
import styles from './CompactMainFilter.module.css';

/** The compact main filter in the header: the fixed main place. The date range joins it with the listing. */
export function CompactMainFilter() {
  const t = useTranslations('filters');
  return (
    <div className={styles.compact}>
      <PinIcon width={18} height={18} />
      <span>{t('mainPlace')}</span>
    </div>
  );
}
