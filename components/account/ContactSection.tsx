'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailed } from '@/components/ui/LoadFailed';
import styles from './AccountPage.module.css';

/** The account's email or phone number: a titled section that shows its steps once their state has loaded. */
export function ContactSection<T>({
  kind,
  query,
  children,
}: {
  kind: 'email' | 'phone';
  query: UseQueryResult<T>;
  children: (state: T) => ReactNode;
}) {
  const t = useTranslations(`account.${kind}`);
  const titleId = `account-${kind}-title`;
  return (
    <section className={styles.phoneSection} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('title')}</h2>
      {query.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : query.isError ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </section>
  );
}

/** Why a new email or number was refused: another account's, already the user's own, or else `otherwise`. */
export const refusedContact = (reason: string, t: (key: 'taken' | 'alreadyYours') => string, otherwise: string) =>
  /another account/.test(reason) ? t('taken') : /already yours/.test(reason) ? t('alreadyYours') : otherwise;
