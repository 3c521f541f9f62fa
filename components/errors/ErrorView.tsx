import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import styles from './ErrorView.module.css';

/** The error screen body: status, a title and the error's own message, and a way home. */
export function ErrorView({
  status,
  title,
  message,
  children,
}: {
  status: number;
  title: string;
  message: string;
  children?: ReactNode;
}) {
  const t = useTranslations('errors');
  return (
    <section className={styles.error} aria-labelledby="error-title">
      <p className={styles.status}>{status}</p>
      <h1 id="error-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.message}>{message}</p>
      <div className={styles.actions}>
        {children}
        <AppLink href="/" className={buttonClass('secondary', { block: true })}>
          {t('toHome')}
        </AppLink>
      </div>
    </section>
  );
}
