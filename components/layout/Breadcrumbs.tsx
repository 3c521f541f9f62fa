import { useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import styles from './Breadcrumbs.module.css';

export interface Crumb {
  label: string;
  href?: string;
}

/** Home › … › current page; the last crumb is the current page and not a link. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useTranslations('nav');
  const all: Crumb[] = [{ label: t('home'), href: '/' }, ...items];
  return (
    <nav aria-label={t('breadcrumbs')} className={styles.breadcrumbs}>
      <ol>
        {all.map((crumb, index) => {
          const last = index === all.length - 1;
          return (
            <li key={`${index}-${crumb.label}`}>
              {crumb.href && !last ? (
                <AppLink href={crumb.href}>{crumb.label}</AppLink>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
