import { useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import { listingHref, setFilters, type Filters } from '@/lib/listing/filters';
import styles from './DidYouMean.module.css';

/** "Did you mean Владивосток?" under a search with a typo: the link runs the search spelled right, filters kept. */
export function DidYouMean({ filters, correction }: { filters: Filters; correction: string }) {
  const t = useTranslations('search');
  return (
    <p className={styles.didYouMean}>
      {t.rich('didYouMean', {
        query: correction,
        link: (chunks) => (
          <AppLink href={listingHref(setFilters(filters, { query: correction }))} className={styles.link}>
            {chunks}
          </AppLink>
        ),
      })}
    </p>
  );
}
