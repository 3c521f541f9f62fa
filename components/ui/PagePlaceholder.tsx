import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import styles from './PagePlaceholder.module.css';

export type PlaceholderKey =
  | 'go' | 'idea' | 'login' | 'loginEmail' | 'loginPhone' | 'register' | 'account'
  | 'accountMain' | 'accountPassword' | 'accountBooking' | 'office' | 'placeSearch';

/** A page's heading with a clear "opens soon" state, for screens whose data arrives in a later release. */
export function PagePlaceholder({ page, children }: { page: PlaceholderKey; children?: ReactNode }) {
  const t = useTranslations('pages');
  return (
    <section className={styles.placeholder} aria-labelledby={`${page}-title`}>
      <h1 id={`${page}-title`}>{t(`${page}.title`)}</h1>
      <p className={styles.lead}>{t(`${page}.lead`)}</p>
      <p className={styles.soon} role="status">
        {t('soon')}
      </p>
      {children}
    </section>
  );
}
